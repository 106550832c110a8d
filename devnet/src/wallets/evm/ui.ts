import { shortAddress } from '../shared/dom.js'
import { mountWalletPanel } from '../shared/panel.js'
import type { DevnetWalletCore } from './wallet.js'

export const WALLET_HOST_ID = 'portico-devnet-wallet'

/**
 * The Devnet Wallet's window: a "Dev wallet" button opening the panel with the Account and
 * Network controls and the pending request's "Approve" and "Reject" (see `mountWalletPanel`).
 */
export function mountWalletUi(core: DevnetWalletCore, container: HTMLElement): () => void {
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
          chains: s.chains.map((chain) => ({
            value: String(chain.chainId),
            label: `${chain.name} (${chain.chainId})`,
          })),
          chain: String(s.chainId),
          authorized: s.authorized,
          origin: s.origin,
          pending: s.pending,
        }
      },
      subscribe: core.subscribe,
      selectAccount: core.selectAccount,
      selectChain: (value) => core.selectChain(Number(value)),
      disconnectSite: core.disconnectSite,
    },
    container,
    {
      hostId: WALLET_HOST_ID,
      testId: 'devnet-wallet',
      title: 'Devnet Wallet',
      toggleLabel: 'Dev wallet',
    },
  )
}
