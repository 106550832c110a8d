import { shortAddress } from '../shared/dom.js'
import { mountWalletPanel } from '../shared/panel.js'
import type { DevnetSolanaWalletCore } from './wallet.js'

export const SOLANA_WALLET_HOST_ID = 'portico-devnet-solana-wallet'

/**
 * The Devnet Solana Wallet's window: a "Solana wallet" button (above the Dev wallet's) opening a
 * panel on the left with the Account and Network controls and the pending request's "Approve"
 * and "Reject". Everything a site sends is set as text.
 */
export function mountSolanaWalletUi(core: DevnetSolanaWalletCore, container: HTMLElement) {
  return mountWalletPanel(
    {
      snapshot() {
        const s = core.snapshot()
        return {
          accounts: s.accounts.map((address, i) => ({
            value: address,
            label: `Account ${i + 1} (${shortAddress(address)})`,
          })),
          accountIndex: s.accountIndex,
          chains: s.chains.map((chain) => ({ value: chain.id, label: chain.name })),
          chain: s.chainId,
          authorized: s.authorized,
          origin: s.origin,
          pending: s.pending,
        }
      },
      subscribe: core.subscribe,
      selectAccount: core.selectAccount,
      selectChain: core.selectChain,
      disconnectSite: core.disconnectSite,
    },
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
