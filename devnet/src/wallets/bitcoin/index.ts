import type { Wallet, WalletEventsWindow } from '@wallet-standard/base'
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

export type InstallDevnetBitcoinWalletOptions = DevnetBitcoinWalletOptions & {
  /** Where the wallet's UI goes; document.body by default. false: no UI at all. */
  container?: HTMLElement | false
}

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
  [INSTALLED]?: DevnetBitcoinWallet
}
const INSTALLED = Symbol.for('portico.devnetBitcoinWallet')

/**
 * Puts the Devnet Bitcoin Wallet on the page: registers it through the Wallet Standard, lists its
 * sats-connect provider in `window.btc_providers` (`PorticoDevnetProviders.BitcoinProvider`) and
 * adds its UI. Installing again replaces the previous one's provider and UI.
 */
export function installDevnetBitcoinWallet(
  options: InstallDevnetBitcoinWalletOptions,
): DevnetBitcoinWallet {
  const win = window as BitcoinWindow
  win[INSTALLED]?.uninstall()

  const core = createBitcoinWalletCore(options)
  const provider = createSatsConnectProvider(core)
  const wallet = createStandardWallet(core, DEVNET_BITCOIN_WALLET_ICON, provider)
  const unregister = registerWallet(wallet)

  win.PorticoDevnetProviders = { ...win.PorticoDevnetProviders, BitcoinProvider: provider }
  const entry: ProviderEntry = {
    id: SATS_CONNECT_PROVIDER_ID,
    name: DEVNET_BITCOIN_WALLET_NAME,
    icon: DEVNET_BITCOIN_WALLET_ICON,
    methods: [...SATS_CONNECT_METHODS],
  }
  win.btc_providers = [...(win.btc_providers ?? []).filter((p) => p.id !== entry.id), entry]

  let unmount = () => {}
  if (options.container !== false) {
    const mount = () => {
      unmount = mountBitcoinWalletUi(core, options.container || document.body)
    }
    if (options.container || document.body) mount()
    else document.addEventListener('DOMContentLoaded', mount, { once: true })
  }

  const installed: DevnetBitcoinWallet = {
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
      if (win[INSTALLED] === installed) delete win[INSTALLED]
    },
  }
  win[INSTALLED] = installed
  return installed
}

export function findBitcoinWalletHost(): HTMLElement | null {
  return document.getElementById(BITCOIN_WALLET_HOST_ID)
}

/**
 * The Wallet Standard's registration protocol: announce the wallet with a
 * `wallet-standard:register-wallet` event (apps already listening register it), and register it
 * again with every app that says `wallet-standard:app-ready` later. Done here rather than with
 * `@wallet-standard/wallet`'s `registerWallet` to keep the apps' unregister functions: uninstall
 * takes the wallet off their lists.
 */
function registerWallet(wallet: Wallet): () => void {
  const target = window as unknown as WalletEventsWindow
  const unregisters: (() => void)[] = []
  const callback = ({ register }: { register(wallet: Wallet): () => void }) => {
    unregisters.push(register(wallet))
  }
  const onAppReady = (event: Event) => {
    const api = (event as CustomEvent).detail
    if (api && typeof api.register === 'function') callback(api)
  }
  target.addEventListener('wallet-standard:app-ready', onAppReady as never)
  try {
    window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }))
  } catch (error) {
    console.error('[devnet bitcoin wallet] registration failed', error)
  }
  return () => {
    target.removeEventListener('wallet-standard:app-ready', onAppReady as never)
    for (const unregisterOne of unregisters.splice(0)) unregisterOne()
  }
}
