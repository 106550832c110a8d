import { apiUrls, networks, projectId } from 'virtual:portico-devnet'
import { createPortico, createServerSiwx, type PorticoClient } from '@portico/core'
import { PorticoProvider, useSiwx } from '@portico/react'
import { ConnectButton, Modal } from '@portico/ui-kit'
import { useState } from 'react'
import '@portico/ui-kit/styles.css'
import { Example, Prose } from './LiveClient.js'

export default { title: 'Sign in with the wallet' }

// This page has its own client: sign-in is an option of the client, and the other pages'
// shared client has none. Optional here (not `required`), so the docs stay usable unsigned.
let signInClient: PorticoClient | undefined
function client() {
  signInClient ??= createPortico({
    projectId,
    networks,
    apiUrls,
    themeMode: 'light',
    siwx: createServerSiwx({ statement: 'Sign in to the Portico docs.' }),
    metadata: {
      name: 'Portico docs',
      description: 'Sign in with the wallet',
      url: window.location.origin,
      icons: [],
    },
  })
  return signInClient
}

function SessionPanel() {
  const { session, status, error, isPending, signIn, signOut, isRequired } = useSiwx()
  return (
    <section aria-label="useSiwx">
      <p>
        <code>status</code>: <output aria-label="Sign-in status">{status}</output> ·{' '}
        <code>isRequired</code>: {String(isRequired)}
      </p>
      {session ? (
        <p>
          Signed in as <code>{session.address}</code> on <code>{session.chainId}</code> until{' '}
          {session.expiresAt} (via {session.via})
        </p>
      ) : (
        <p>Not signed in.</p>
      )}
      {error ? <p role="alert">{error.message}</p> : null}
      <button type="button" disabled={isPending} onClick={() => signIn().catch(() => undefined)}>
        Sign in (custom UI)
      </button>{' '}
      <button type="button" disabled={!session} onClick={() => signOut().catch(() => undefined)}>
        Sign out
      </button>
    </section>
  )
}

export const UseSiwx = () => {
  const [value] = useState(client)
  return (
    <PorticoProvider client={value}>
      <Prose>
        <h1>Sign in with the wallet (SIWX)</h1>
        <p>
          Connecting proves nothing about who holds the address. With sign-in, the user signs a
          message (EIP-4361 on eip155, CAIP-122 text elsewhere) bound to this page's domain, with a
          single-use nonce and an expiry; a server checks it and opens a session.
        </p>
        <h2>Turn it on</h2>
        <pre>
          {`createPortico({
  …,
  // Server-checked: nonces, verdicts and tokens from <apiUrls.toolkit>/auth/v1.
  siwx: createServerSiwx({ required: true, statement: 'Sign in to My App.' }),
  // Or kept in the browser, for an app without a backend:
  // siwx: createBrowserSiwx(),
})`}
        </pre>
        <p>
          After a connection the modal opens <strong>SIWXSignMessage</strong>: who asks, the exact
          message, Sign and Cancel. Signing stores the session and closes the modal; a refusal shows
          "Signature declined" and keeps the view with a retry. With <code>required: true</code> the
          modal cannot be closed without a session and Cancel disconnects. A session that is still
          good (see below) means no prompt after a reload; switching to an account or network
          without one asks again. The legacy <code>siweConfig</code> is accepted (the{' '}
          <strong>ConnectingSiwe</strong> view); setting both throws "Cannot set both `siweConfig`
          and `siwx` options".
        </p>
        <h2>Where the session is kept, and what is believed</h2>
        <p>
          The spec keeps sign-in tokens with the client's stored state; storage (localStorage by
          default) is read and written by every script of the page's origin and by extensions, so
          Portico keeps there only what is no credential, and believes nothing it reads back without
          a check:
        </p>
        <ul>
          <li>
            <strong>
              Server-checked (<code>createServerSiwx</code>)
            </strong>
            : the bearer token the server issues stays in the page's memory (<code>getToken</code>{' '}
            is undefined after a reload). Every call to the sign-in server is made with{' '}
            <code>credentials: 'include'</code>, so a session cookie the server sets (HttpOnly: no
            script reads it; <code>@portico/server</code>'s <code>cookie</code> option) carries the
            session across reloads: on start Portico asks <code>me</code> and the session is what
            the server says. Storage keeps what was signed (message, signature, the server's
            expiry), which is no credential since the server's nonces are single-use, so a reload
            can show the session once the server confirms it. A server that cannot be reached is not
            signed in for <code>required</code> sign-in; optional sign-in keeps what the server
            confirmed on this page until it expires. The server must answer CORS with the page's
            exact origin and <code>Access-Control-Allow-Credentials: true</code>.
          </li>
          <li>
            <strong>
              Kept in the browser (<code>createBrowserSiwx</code>)
            </strong>
            : there is no server to confirm anything, so every session is checked when it is added
            and again when it is read back: made for this page's domain, its text made again from
            its fields, its signature its account's (EVM through viem: EIP-191, and ERC-1271/6492
            smart accounts through the network's RPC; Solana: ed25519 with <code>@solana/kit</code>
            ). A session that fails is dropped. Bitcoin's BIP-322 signatures are taken as the wallet
            gives them (no verifier in the browser build), and other namespaces are refused unless
            the app passes <code>verify</code>. This proves to the page that the wallet signed; it
            proves nothing to a server: use the server-checked mode when one must trust the sign-in.
          </li>
        </ul>
        <h2>Live, on the devnet</h2>
        <Example>
          <ConnectButton />
          <SessionPanel />
          <Modal />
        </Example>
        <h2>useSiwx()</h2>
        <p>
          <code>session</code> (<code>address</code>, <code>chainId</code>, <code>caipAddress</code>
          , <code>expiresAt</code>, <code>via</code>), the uniform <code>status</code>,{' '}
          <code>data</code>, <code>error</code>, <code>isPending</code> of the last sign-in,{' '}
          <code>signIn()</code>, <code>signOut()</code>, <code>isEnabled</code> and{' '}
          <code>isRequired</code>. Without a configuration, <code>signIn()</code> throws "SIWX is
          not enabled".
        </p>
        <h2>Your own view</h2>
        <pre>
          {`import { useSiwxSignMessageView } from '@portico/ui-kit/views'

function MySignIn() {
  const { appName, message, isSigning, isDeclined, sign, cancel } = useSiwxSignMessageView()
  return (…)
}

<Modal views={{ SIWXSignMessage: MySignIn }} />
// or keep the kit's view and draw it yourself:
<SiwxSignMessageView {...props}>{(state) => …}</SiwxSignMessageView>`}
        </pre>
      </Prose>
    </PorticoProvider>
  )
}
