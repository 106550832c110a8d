import { apiUrls, networks, projectId, secureSiteUrl } from 'virtual:portico-devnet'
import { createPortico } from '@portico/core'
import { PorticoProvider } from '@portico/react'
import { ConnectButton, Modal, NetworkButton } from '@portico/ui-kit'
import { useState } from 'react'
import { Guestbook } from './Guestbook.js'
import { Signatures } from './Signatures.js'

/**
 * An app doing its own work through the connected wallet: the modal connects (a browser wallet,
 * or the email wallet), and the app's hooks read and write its contract and sign.
 */
export function App() {
  // One client per page, created once. The devnet's URLs come through ordinary options.
  const [client] = useState(() =>
    createPortico({
      projectId,
      networks,
      // Email login: the devnet's secure site hosts the embedded wallet's frame.
      apiUrls: { ...apiUrls, secureSite: secureSiteUrl },
      metadata: {
        name: 'Portico guestbook',
        description: "An app's own calls on the devnet",
        url: window.location.origin,
        icons: [],
      },
    }),
  )
  return (
    <PorticoProvider client={client}>
      <main style={{ fontFamily: 'system-ui', padding: 32, maxWidth: 760 }}>
        <h1>Guestbook</h1>
        <p>
          Connect a wallet, sign the book, tip an entry's author, or sign a message.{' '}
          <a href="./wagmi.html">The same app on wagmi</a> ·{' '}
          <a href="./solana.html">A Solana transfer</a>
        </p>
        <div style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
          <ConnectButton />
          <NetworkButton />
        </div>
        <Guestbook />
        <Signatures />
        <Modal />
      </main>
    </PorticoProvider>
  )
}
