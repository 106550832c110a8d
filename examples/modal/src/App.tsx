import {
  apiUrls,
  bitcoinNetworks,
  networks,
  onramp,
  projectId,
  secureSiteUrl,
  solanaNetworks,
  swap,
  tokens,
} from 'virtual:portico-devnet'
import { createPortico } from '@portico/core'
import { bitcoinAdapter } from '@portico/core/bitcoin'
import { solanaAdapter } from '@portico/core/solana'
import { PorticoProvider } from '@portico/react'
import { ConnectButton, Modal, NetworkButton } from '@portico/ui-kit'
import { useState } from 'react'
import { AccountSummary } from './AccountSummary.js'
import { LanguageSelect } from './LanguageSelect.js'

// `?multichain` adds the devnet's Solana and Bitcoin chains: the user can then be connected with
// an EVM, a Solana and a Bitcoin wallet at once. Without it the page is EVM-only, and downloads no
// Solana or Bitcoin code (the adapters below are loaders, run on first use).
const multichain = new URLSearchParams(window.location.search).has('multichain')

export function App() {
  // One client per page, created once. The devnet's URLs come through ordinary options.
  const [client] = useState(() =>
    createPortico({
      projectId,
      networks: multichain ? [...networks, ...solanaNetworks, ...bitcoinNetworks] : networks,
      adapters: { solana: solanaAdapter, bip122: bitcoinAdapter },
      // Email login: the devnet's secure site hosts the embedded wallet's frame.
      apiUrls: { ...apiUrls, secureSite: secureSiteUrl },
      // The devnet's USDT-like token returns nothing from transfer, like mainnet USDT.
      noReturnTransferTokens: networks.map((network) => `${network.id}:${tokens.usdt}`),
      // Swaps are offered on the devnet chains too: their /v1/convert routes run Uniswap V2.
      swaps: { chainIds: swap.chainIds, routers: swap.routers },
      // Buying crypto: the devnet serves a Meld-like checkout of its own (Coinbase's goes through
      // the API's URL generator), on its API's origin, which the provider window may open only
      // because it is listed here (`onramp.checkoutOrigins`).
      onramp,
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
