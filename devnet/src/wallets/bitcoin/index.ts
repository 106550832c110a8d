import { installOnce, mountUi } from '../shared/install.js'
import { registerWallet } from '../shared/standard.js'
import type { InstallOptions } from '../shared/types.js'
import {
  createBitcoinWalletCore,
  type DevnetBitcoinWalletCore,
  type DevnetBitcoinWalletOptions,
} from './core.js'
import { DEVNET_BITCOIN_WALLET_ICON } from './icon.js'
import {
  createSatsConnectProvider,
  SATS_CONNECT_METHODS,
  SATS_CONNECT_PROVIDER_ID,
  type SatsConnectProvider,
} from './satsConnect.js'
import {
  createStandardWallet,
  DEVNET_BITCOIN_WALLET_NAME,
  type DevnetBitcoinStandardWallet,
} from './standard.js'
import { BITCOIN_WALLET_HOST_ID, mountBitcoinWalletUi } from './ui.js'

export {
  type BitcoinPendingApproval,
  type BitcoinWalletSnapshot,
  createBitcoinWalletCore,
  DEFAULT_BITCOIN_STORAGE_KEY,
  type DevnetBitcoinWalletCore,
  type DevnetBitcoinWalletOptions,
  type SignedMessage,
} from './core.js'
export { BitcoinWalletError, USER_REJECTED_MESSAGE } from './errors.js'
export { DEVNET_BITCOIN_WALLET_ICON } from './icon.js'
export {
  createSatsConnectProvider,
  type RpcResponse,
  SATS_CONNECT_ERRORS,
  SATS_CONNECT_METHODS,
  SATS_CONNECT_PROVIDER_ID,
  type SatsConnectAddress,
  type SatsConnectProvider,
} from './satsConnect.js'
export {
  BITCOIN_FEATURES,
  createStandardWallet,
  DEVNET_BITCOIN_WALLET_CHAINS,
  DEVNET_BITCOIN_WALLET_NAME,
  type DevnetBitcoinStandardWallet,
  signatureToBase64,
} from './standard.js'
export { BITCOIN_WALLET_HOST_ID } from './ui.js'

export type InstallDevnetBitcoinWalletOptions = InstallOptions<DevnetBitcoinWalletOptions>

export type DevnetBitcoinWallet = {
  /** The Wallet Standard wallet (registered with `wallet-standard:register-wallet`). */
  wallet: DevnetBitcoinStandardWallet
  /** The sats-connect provider, also at `window.PorticoDevnetProviders.BitcoinProvider`. */
  provider: SatsConnectProvider
  core: DevnetBitcoinWalletCore
  /** Unregisters the Wallet Standard wallet, removes the window provider and the UI. */
  uninstall(): void
}

type ProviderEntry = { id: string; name: string; icon: string; webUrl?: string; methods?: string[] }
type BitcoinWindow = Window & {
  btc_providers?: ProviderEntry[]
  PorticoDevnetProviders?: { BitcoinProvider?: SatsConnectProvider }
}

/**
 * Puts the Devnet Bitcoin Wallet on the page: registers it through the Wallet Standard
 * (`registerWallet`: a `wallet-standard:register-wallet` event, and an answer to every later
 * `wallet-standard:app-ready`), lists its
 * sats-connect provider in `window.btc_providers` (`PorticoDevnetProviders.BitcoinProvider`) and
 * adds its UI. Installing again replaces the previous one's provider and UI.
 */
export function installDevnetBitcoinWallet(
  options: InstallDevnetBitcoinWalletOptions,
): DevnetBitcoinWallet {
  return installOnce('portico.devnetBitcoinWallet', () => {
    const win = window as BitcoinWindow
    const core = createBitcoinWalletCore(options)
    const provider = createSatsConnectProvider(core)
    const wallet = createStandardWallet(core, DEVNET_BITCOIN_WALLET_ICON, provider)
    const unregister = registerWallet(wallet, 'devnet bitcoin wallet')

    win.PorticoDevnetProviders = { ...win.PorticoDevnetProviders, BitcoinProvider: provider }
    const entry: ProviderEntry = {
      id: SATS_CONNECT_PROVIDER_ID,
      name: DEVNET_BITCOIN_WALLET_NAME,
      icon: DEVNET_BITCOIN_WALLET_ICON,
      methods: [...SATS_CONNECT_METHODS],
    }
    win.btc_providers = [...(win.btc_providers ?? []).filter((p) => p.id !== entry.id), entry]
    const unmount = mountUi(options.container, (container) => mountBitcoinWalletUi(core, container))

    return {
      wallet,
      provider,
      core,
      uninstall() {
        core.rejectPending()
        unregister()
        unmount()
        if (win.PorticoDevnetProviders?.BitcoinProvider === provider) {
          delete win.PorticoDevnetProviders.BitcoinProvider
        }
        win.btc_providers = (win.btc_providers ?? []).filter((p) => p.id !== entry.id)
      },
    }
  })
}

export function findBitcoinWalletHost(): HTMLElement | null {
  return document.getElementById(BITCOIN_WALLET_HOST_ID)
}
