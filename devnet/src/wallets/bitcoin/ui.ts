import {
  BITCOIN_DEVNET_CAIP_NETWORK_ID,
  BITCOIN_NETWORK_NAME,
  BITCOIN_REGTEST_CHAIN,
} from '../../chains/bitcoin/network.js'
import { accountChoices, mountWalletPanel, panelModel } from '../shared/panel.js'
import type { DevnetBitcoinWalletCore } from './core.js'

export const BITCOIN_WALLET_HOST_ID = 'portico-devnet-bitcoin-wallet'

/** `bcrt1qquv9…jpnuw`: Bitcoin addresses are long, both ends are shown. */
const shortBitcoinAddress = (address: string) => `${address.slice(0, 10)}…${address.slice(-5)}`

// The wallet has one chain: the Network control shows it and has nothing to switch to.
const CHAIN = {
  value: BITCOIN_DEVNET_CAIP_NETWORK_ID,
  label: `${BITCOIN_NETWORK_NAME} (${BITCOIN_REGTEST_CHAIN})`,
}

/**
 * The Devnet Bitcoin Wallet's window (see `mountWalletPanel`): a "Bitcoin wallet" button, in
 * Bitcoin's orange at the top of the bottom-right column of wallet buttons (above the Solana
 * wallet's and the Dev wallet's), opening a panel in the middle of the top of the page (the Dev
 * wallet's opens on the right, the Solana wallet's on the left). The panel has the Account
 * control with the account's payment and ordinals addresses under it, the connection status
 * with the purposes the site may use and "Disconnect", and the pending request's "Approve" and
 * "Reject". Everything a site sends is set as text.
 */
export function mountBitcoinWalletUi(core: DevnetBitcoinWalletCore, container: HTMLElement) {
  return mountWalletPanel(
    panelModel(
      { ...core, disconnectSite: core.disconnect },
      {
        snapshot() {
          const s = core.snapshot()
          const current = s.accounts[s.accountIndex]
          return {
            accounts: accountChoices(
              s.accounts.map((account) => account.payment),
              shortBitcoinAddress,
            ),
            accountIndex: s.accountIndex,
            accountNote: current
              ? `Payment ${current.payment}\nOrdinals ${current.ordinals}`
              : 'Deriving keys…',
            chains: [CHAIN],
            chain: CHAIN.value,
            authorized: s.authorized.length > 0,
            grants: s.authorized,
            origin: s.origin,
            pending: s.pending,
          }
        },
        selectChain: () => undefined,
      },
    ),
    container,
    {
      hostId: BITCOIN_WALLET_HOST_ID,
      testId: 'devnet-bitcoin-wallet',
      title: 'Devnet Bitcoin Wallet',
      toggleLabel: 'Bitcoin wallet',
      placement: 'center',
      toggleBottom: 112,
      accent: { background: '#e8590c', border: '#d9480f' },
    },
  )
}
