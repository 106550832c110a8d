import type { Wallet } from '@wallet-standard/core'
import { mountSolanaWalletUi, SOLANA_WALLET_HOST_ID } from './ui.js'
import {
  createDevnetSolanaWalletCore,
  type DevnetSolanaWalletCore,
  type DevnetSolanaWalletOptions,
} from './wallet.js'

export { DEVNET_SOLANA_WALLET_ICON } from './icon.js'
export { SOLANA_WALLET_HOST_ID } from './ui.js'
export {
  createDevnetSolanaWalletCore,
  DEVNET_SOLANA_WALLET_NAME,
  type DevnetSolanaWalletChain,
  type DevnetSolanaWalletCore,
  type DevnetSolanaWalletOptions,
  type SolanaPendingApproval,
  type SolanaWalletSnapshot,
  userRejected,
} from './wallet.js'

export type InstallDevnetSolanaWalletOptions = DevnetSolanaWalletOptions & {
  /** Where the wallet's UI goes; document.body by default. false: no UI. */
  container?: HTMLElement | false
}

export type DevnetSolanaWallet = {
  wallet: Wallet
  core: DevnetSolanaWalletCore
  /** Unregisters from every app that registered it and removes the UI. */
  uninstall(): void
}

type RegisterApi = { register(...wallets: Wallet[]): () => void }
type RegisterCallback = (api: RegisterApi) => void

const INSTALLED = Symbol.for('portico.devnetSolanaWallet')
type WindowWithWallet = Window & { [INSTALLED]?: DevnetSolanaWallet }

/**
 * Puts the Devnet Solana Wallet on the page through the Wallet Standard's registration protocol
 * (what `@wallet-standard/wallet`'s registerWallet does, keeping the unregister functions so
 * the wallet can be removed): a `wallet-standard:register-wallet` event for apps already
 * listening, and an answer to every later `wallet-standard:app-ready`. Installing again
 * replaces the previous one.
 */
export function installDevnetSolanaWallet(
  options: InstallDevnetSolanaWalletOptions,
): DevnetSolanaWallet {
  const win = window as WindowWithWallet
  win[INSTALLED]?.uninstall()

  const core = createDevnetSolanaWalletCore(options)
  const unregisters: (() => void)[] = []
  const callback: RegisterCallback = (api) => {
    unregisters.push(api.register(core.wallet))
  }
  const onAppReady = (event: Event) => callback((event as CustomEvent<RegisterApi>).detail)
  window.addEventListener('wallet-standard:app-ready', onAppReady)
  window.dispatchEvent(
    new CustomEvent<RegisterCallback>('wallet-standard:register-wallet', { detail: callback }),
  )

  let unmount = () => {}
  if (options.container !== false) {
    const mount = () => {
      unmount = mountSolanaWalletUi(core, options.container || document.body)
    }
    if (options.container || document.body) mount()
    else document.addEventListener('DOMContentLoaded', mount, { once: true })
  }

  const installed: DevnetSolanaWallet = {
    wallet: core.wallet,
    core,
    uninstall() {
      window.removeEventListener('wallet-standard:app-ready', onAppReady)
      for (const unregister of unregisters.splice(0)) unregister()
      core.rejectPending()
      unmount()
      if (win[INSTALLED] === installed) delete win[INSTALLED]
    },
  }
  win[INSTALLED] = installed
  return installed
}

export function findSolanaWalletHost(): HTMLElement | null {
  return document.getElementById(SOLANA_WALLET_HOST_ID)
}
