import { accountsSnapshot, mountWalletPanel, panelModel } from '../shared/panel.js'
import type { DevnetWalletCore } from './wallet.js'

export const WALLET_HOST_ID = 'portico-devnet-wallet'

/**
 * The Devnet Wallet's window: a "Dev wallet" button opening the panel with the Account and
 * Network controls and the pending request's "Approve" and "Reject" (see `mountWalletPanel`).
 */
export function mountWalletUi(core: DevnetWalletCore, container: HTMLElement): () => void {
  return mountWalletPanel(
    panelModel(core, {
      snapshot() {
        const s = core.snapshot()
        const chains = s.chains.map((chain) => ({
          value: String(chain.chainId),
          label: `${chain.name} (${chain.chainId})`,
        }))
        return accountsSnapshot(s, chains, String(s.chainId))
      },
      selectChain: (value) => core.selectChain(Number(value)),
    }),
    container,
    {
      hostId: WALLET_HOST_ID,
      testId: 'devnet-wallet',
      title: 'Devnet Wallet',
      toggleLabel: 'Dev wallet',
    },
  )
}
