import type { ViewName } from '@portico/core'
import { useLocale, usePortico } from '@portico/react'
import {
  ConnectButton,
  Modal,
  NetworkButton,
  type ViewComponents,
  type ViewProps,
} from '@portico/ui-kit'
import { ConnectView, useMessages } from '@portico/ui-kit/views'
import { useEffect } from 'react'
import { Example, Live, Prose } from './LiveClient.js'

export default { title: 'Views' }

/**
 * Opens the (client-wide) modal on a view when the page shows, and keeps a button to open it
 * again: closing the modal must not leave the example empty.
 */
function OpenOn({ view, views }: { view: ViewName; views?: ViewComponents }) {
  const client = usePortico()
  useEffect(() => {
    client.modal.open({ view })
  }, [client, view])
  return (
    <>
      <button type="button" onClick={() => client.modal.open({ view })}>
        Open {view}
      </button>
      <Modal views={views} />
    </>
  )
}

/** A view's page; `from` is the view the live example opens when this one needs a flow first. */
function page(view: ViewName, text: string, from?: ViewName) {
  return () => (
    <Live>
      <Prose>
        <h1>{view}</h1>
        <p>{text}</p>
        {from ? (
          <p>
            It needs a flow before it (the example opens <strong>{from}</strong>): follow it from
            there.
          </p>
        ) : null}
        <Example>
          <OpenOn view={from ?? view} />
        </Example>
      </Prose>
    </Live>
  )
}

export const Connect = page(
  'Connect',
  'Every way to connect, in the configured order, recent wallets marked.',
)
export const AllWallets = page(
  'AllWallets',
  'The wallet explorer: search (300 ms after the last key), pages of 40 as the list scrolls.',
)
export const Account = page(
  'Account',
  'Who, how much, on which network; copy the address, send, receive, activity, names, disconnect.',
)
export const Networks = page('Networks', 'The app networks; picking one asks the wallet to switch.')
export const WalletSend = page(
  'WalletSend',
  'Token, amount with max, receiver by address or name, then a preview with the network fee.',
)
export const WalletReceive = page(
  'WalletReceive',
  'The address as text and QR code, and the networks it can receive on.',
)
export const Transactions = page('Transactions', 'The activity list by day.')
export const RegisterAccountName = page(
  'RegisterAccountName',
  'Choose a name: live validation and suggestions; the wallet signs the registration.',
)

export const ConnectingExternal = page(
  'ConnectingExternal',
  'While a browser wallet asks the user: its icon, "Continue in <wallet>", and a retry once it declines or times out.',
  'Connect',
)
export const ConnectingWalletConnect = page(
  'ConnectingWalletConnect',
  'A phone wallet over WalletConnect: the QR code, a copy link, and the deep link on mobile.',
  'Connect',
)
export const UnsupportedChain = page(
  'UnsupportedChain',
  'Shown when the wallet moves to a chain the app does not list: switch back to one it does, or disconnect.',
  'Networks',
)
export const WalletSendSelectToken = page(
  'WalletSendSelectToken',
  'The tokens the account holds, searchable, to pick what to send.',
  'WalletSend',
)
export const WalletSendPreview = page(
  'WalletSendPreview',
  'What will be sent, to whom, and the network fee, before the wallet signs.',
  'WalletSend',
)
export const RegisterAccountNameSuccess = page(
  'RegisterAccountNameSuccess',
  'The name is registered: it now shows in place of the address.',
  'RegisterAccountName',
)

function MyConnect(_props: ViewProps) {
  return <p>This Connect view is the app's own.</p>
}

/** The built-in Connect view's logic, the app's markup: the render prop gets `useConnectView()`. */
function ConnectAsChips(props: ViewProps) {
  const { t } = useMessages()
  return (
    <ConnectView {...props}>
      {({ items, select }) => (
        <p>
          {items.map((item) => {
            const name = item.kind === 'connector' ? item.connector.name : item.wallet.name
            return (
              <button key={`${item.group}:${name}`} type="button" onClick={() => select(item)}>
                {name}
              </button>
            )
          })}
          {items.length === 0 ? t('connect.empty') : null}
        </p>
      )}
    </ConnectView>
  )
}

export const ReplacingAView = () => (
  <Live>
    <Prose>
      <h1>Replacing a view</h1>
      <p>
        Every view follows one pattern: a view-model hook (<code>useConnectView()</code>,{' '}
        <code>useAccountView()</code>, <code>useWalletSendView()</code>…) holds its state and flow,
        the default markup is drawn from it, and the view takes a render function as children that
        receives the same state. Pass your component in <code>views</code> to replace a view:{' '}
        <code>{'<Modal views={{ Connect: MyConnect }} />'}</code>. It receives{' '}
        <code>{'{ view, data }'}</code>. The hooks are in <code>@portico/ui-kit/views</code> (a
        second entry, so a page that only shows the modal never loads the views' logic up front).
      </p>
      <Example>
        <OpenOn view="Connect" views={{ Connect: MyConnect }} />
      </Example>
      <h2>Keep the logic, draw your own markup</h2>
      <pre>{`function ConnectAsChips(props: ViewProps) {
  return (
    <ConnectView {...props}>
      {({ items, select }) => items.map((item) => (
        <button onClick={() => select(item)}>{connectItemName(item)}</button>
      ))}
    </ConnectView>
  )
}

<Modal views={{ Connect: ConnectAsChips }} />`}</pre>
      <Example>
        <OpenOn view="Connect" views={{ Connect: ConnectAsChips }} />
      </Example>
    </Prose>
  </Live>
)

export const Buttons = () => (
  <Live>
    <Prose>
      <h1>ConnectButton and NetworkButton</h1>
      <p>
        <code>{'<ConnectButton />'}</code> says "Connect wallet" while disconnected; once connected
        it shows the avatar, the name or short address and the balance, and opens Account.{' '}
        <code>{'<NetworkButton />'}</code> shows the active network and opens Networks. Both fetch
        the view they open when hovered or focused, take <code>asChild</code> to merge into your own
        element, and take a render function (<code>{'{(state) => …}'}</code>) that receives{' '}
        <code>useConnectButton()</code> or <code>useNetworkButton()</code>.
      </p>
      <Example>
        <ConnectButton /> <NetworkButton />
        <Modal />
      </Example>
    </Prose>
  </Live>
)

const LANGUAGES = [
  ['en', 'English'],
  ['es', 'Español'],
  ['zh', '中文'],
  ['ar', 'العربية'],
] as const

function LanguagePicker() {
  const { locale, setLocale } = useLocale()
  return (
    <label>
      Language{' '}
      <select value={locale} onChange={(event) => setLocale(event.target.value)}>
        {LANGUAGES.map(([tag, name]) => (
          <option key={tag} value={tag}>
            {name}
          </option>
        ))}
      </select>
    </label>
  )
}

export const Languages = () => (
  <Live>
    <Prose>
      <h1>Languages</h1>
      <p>
        The kit ships English, Spanish, Simplified Chinese and Arabic. English is the default: the
        page's first load carries only the texts of the buttons that open the modal, and the rest
        arrives with the modal's code (when the page is idle, or a button is hovered). Pass{' '}
        <code>locale</code> to <code>createPortico</code>, or call{' '}
        <code>client.locale.setLocale('ar')</code> (<code>useLocale()</code> in React) at run time:
        the texts of the new language load then (a page in English downloads none), and the modal
        gets <code>lang</code> and, for Arabic, <code>dir="rtl"</code>. A language the kit does not
        ship shows English.
      </p>
      <p>
        Core never produces English: its toasts and validation results are message keys with
        parameters (<code>{"{ key: 'send.sent', params: { amount, symbol, hash } }"}</code>), and
        errors render as <code>error.CODE</code>. Override any text with{' '}
        <code>{"<PorticoProvider messages={{ 'button.connect': 'Sign in' }}>"}</code>; in your own
        components, <code>useMessages()</code> gives <code>t(key, params)</code>,{' '}
        <code>message(coreMessage)</code> and <code>error(porticoError)</code> (it fetches the texts
        it needs if they are not here yet; <code>has(key)</code> says when they are).
      </p>
      <Example>
        <LanguagePicker /> <ConnectButton />
        <Modal />
      </Example>
    </Prose>
  </Live>
)
