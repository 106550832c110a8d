import { accountsSnapshot, mountWalletPanel, panelModel } from '../shared/panel.js'
import type { DevnetSolanaWalletCore } from './wallet.js'

export const SOLANA_WALLET_HOST_ID = 'portico-devnet-solana-wallet'

/**
 * The Devnet Solana Wallet's window: a "Solana wallet" button (above the Dev wallet's) opening a
 * panel on the left with the Account and Network controls and the pending request's "Approve"
 * and "Reject". Everything a site sends is set as text.
 */
export function mountSolanaWalletUi(core: DevnetSolanaWalletCore, container: HTMLElement) {
  return mountWalletPanel(
    panelModel(core, {
      snapshot() {
        const s = core.snapshot()
        const chains = s.chains.map((chain) => ({ value: chain.id, label: chain.name }))
        return accountsSnapshot(s, chains, s.chainId)
      },
      selectChain: core.selectChain,
    }),
    container,
    {
      hostId: SOLANA_WALLET_HOST_ID,
      testId: 'devnet-solana-wallet',
      title: 'Devnet Solana Wallet',
      toggleLabel: 'Solana wallet',
      placement: 'left',
      toggleBottom: 64,
    },
  )
}
