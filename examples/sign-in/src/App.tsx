import { apiUrls, networks, projectId } from 'virtual:portico-devnet'
import { createPortico, createServerSiwx } from '@portico/core'
import { PorticoProvider } from '@portico/react'
import { ConnectButton, Modal } from '@portico/ui-kit'
import { useState } from 'react'
import { SignedIn } from './SignedIn.js'

// Sign-in checked by this example's own server (server/plugin.ts, on @portico/server), served
// on the page's origin under `/auth/v1`: its nonces, its verdict, its tokens and its cookie.
// Required: the modal stays open until the user has signed in.
const siwx = createServerSiwx({
  required: true,
  statement: 'Sign in to the Portico sign-in example.',
  url: `${window.location.origin}/auth/v1`,
})

export function App() {
  const [client] = useState(() =>
    createPortico({
      projectId,
      networks,
      apiUrls,
      siwx,
      metadata: {
        name: 'Portico sign-in example',
        description: 'Sign in with the wallet on the devnet',
        url: window.location.origin,
        icons: [],
      },
    }),
  )
  return (
    <PorticoProvider client={client}>
      <main style={{ fontFamily: 'system-ui', padding: 32 }}>
        <h1>Portico sign-in</h1>
        <p>Connect, then sign a message: this app's server checks it and opens a session.</p>
        <ConnectButton />
        <SignedIn siwx={siwx} />
        <Modal />
      </main>
    </PorticoProvider>
  )
}
