import { apiUrls, networks, projectId, secureSiteUrl } from 'virtual:portico-devnet'
import { createPortico } from '@portico/core'
import { PorticoProvider } from '@portico/react'
import { ConnectButton, Modal, NetworkButton } from '@portico/ui-kit'
import { createPorticoWagmiConfig } from '@portico/wagmi'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useState } from 'react'
import { WagmiProvider } from 'wagmi'
import { Balances } from './Balances.js'
import { Connection } from './Connection.js'
import { WagmiGuestbook } from './Guestbook.js'
import { WagmiSignatures } from './Signatures.js'

/**
 * The guestbook app on wagmi: Portico's modal connects (`ConnectButton`, `Modal`), and the app's
 * own work goes through wagmi's hooks (`useReadContract`, `useWriteContract`, `useSignMessage`,
 * …), over a wagmi config made from the Portico client (`createPorticoWagmiConfig`): one
 * connection, seen by both.
 */
export function WagmiApp() {
  // One client, one wagmi config and one query cache per page, created once.
  const [client] = useState(() =>
    createPortico({
      projectId,
      networks, // wagmi's chains too: the config reads them from the client
      apiUrls: { ...apiUrls, secureSite: secureSiteUrl },
      metadata: {
        name: 'Portico guestbook (wagmi)',
        description: "An app's own calls through wagmi, on the devnet",
        url: window.location.origin,
        icons: [],
      },
    }),
  )
  const [config] = useState(() => createPorticoWagmiConfig({ client }))
  const [queryClient] = useState(() => new QueryClient())
  return (
    <PorticoProvider client={client}>
      <WagmiProvider config={config}>
        <QueryClientProvider client={queryClient}>
          <main style={{ fontFamily: 'system-ui', padding: 32, maxWidth: 760 }}>
            <h1>Guestbook on wagmi</h1>
            <p>
              Portico's modal connects; wagmi's hooks read the book, sign it and sign messages.{' '}
              <a href="./">The same app on Portico's hooks</a>
            </p>
            <div style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
              <ConnectButton />
              <NetworkButton />
            </div>
            <Connection />
            <Balances />
            <WagmiGuestbook />
            <WagmiSignatures />
            <Modal />
          </main>
        </QueryClientProvider>
      </WagmiProvider>
    </PorticoProvider>
  )
}
