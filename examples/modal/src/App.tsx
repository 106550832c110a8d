import { apiUrls, networks, projectId, tokens } from 'virtual:portico-devnet'
import { createPortico } from '@portico/core'
import { PorticoProvider } from '@portico/react'
import { ConnectButton, Modal, NetworkButton } from '@portico/ui-kit'
import { useState } from 'react'
import { AccountSummary } from './AccountSummary.js'
import { LanguageSelect } from './LanguageSelect.js'

export function App() {
  // One client per page, created once. The devnet's URLs come through ordinary options.
  const [client] = useState(() =>
    createPortico({
      projectId,
      networks,
      apiUrls,
      // The devnet's USDT-like token returns nothing from transfer, like mainnet USDT.
      noReturnTransferTokens: networks.map((network) => `${network.id}:${tokens.usdt}`),
      // Buying crypto: the devnet serves a Meld-like checkout of its own (Coinbase's goes through
      // the API's URL generator).
      onramp: { meldUrl: `${apiUrls.blockchain}/onramp/meld` },
      metadata: {
        name: 'Portico modal example',
        description: 'The drop-in modal on the devnet',
        url: window.location.origin,
        icons: [],
      },
    }),
  )
  return (
    <PorticoProvider client={client}>
      <main style={{ fontFamily: 'system-ui', padding: 32 }}>
        <h1>Portico</h1>
        <p>The drop-in modal, running on the local devnet.</p>
        <div style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
          <ConnectButton />
          <NetworkButton />
          <LanguageSelect />
        </div>
        <AccountSummary />
        <Modal />
      </main>
    </PorticoProvider>
  )
}
