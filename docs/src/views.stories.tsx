import { usePortico } from '@portico/react'
import { Modal, type ViewComponents, type ViewProps } from '@portico/ui-kit'
import { useEffect } from 'react'
import { Example, Live, Prose } from './LiveClient.js'

export default { title: 'Views' }

/** Opens the (client-wide) modal on a view when the page shows. */
function OpenOn({ view, views }: { view: string; views?: ViewComponents }) {
  const client = usePortico()
  useEffect(() => {
    client.modal.open({ view })
  }, [client, view])
  return <Modal views={views} />
}

function page(view: string, text: string) {
  return () => (
    <Live>
      <Prose>
        <h1>{view}</h1>
        <p>{text}</p>
        <Example>
          <OpenOn view={view} />
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

function MyConnect(_props: ViewProps) {
  return <p>This Connect view is the app's own.</p>
}

export const ReplacingAView = () => (
  <Live>
    <Prose>
      <h1>Replacing a view</h1>
      <p>
        Pass your component in <code>views</code>:{' '}
        <code>{'<Modal views={{ Connect: MyConnect }} />'}</code>. It receives{' '}
        <code>{'{ view, data }'}</code> and uses the hooks for everything else. Every built-in view
        also takes a render function as children, to keep its logic and draw your own markup.
      </p>
      <Example>
        <OpenOn view="Connect" views={{ Connect: MyConnect }} />
      </Example>
    </Prose>
  </Live>
)
