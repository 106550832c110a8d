import type { Wallet } from '@wallet-standard/core'
import { installOnce, mountUi } from '../shared/install.js'
import { registerWallet } from '../shared/standard.js'
import type { InstallOptions } from '../shared/types.js'
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

export type InstallDevnetSolanaWalletOptions = InstallOptions<DevnetSolanaWalletOptions>

export type DevnetSolanaWallet = {
  wallet: Wallet
  core: DevnetSolanaWalletCore
  /** Unregisters from every app that registered it and removes the UI. */
  uninstall(): void
}

/**
 * Puts the Devnet Solana Wallet on the page through the Wallet Standard's registration protocol
 * (`registerWallet`: a `wallet-standard:register-wallet` event for apps already listening, and
 * an answer to every later `wallet-standard:app-ready`), and adds its UI. Installing again
 * replaces the previous one.
 */
export function installDevnetSolanaWallet(
  options: InstallDevnetSolanaWalletOptions,
): DevnetSolanaWallet {
  return installOnce('portico.devnetSolanaWallet', () => {
    const core = createDevnetSolanaWalletCore(options)
    const unregister = registerWallet(core.wallet, 'devnet solana wallet')
    const unmount = mountUi(options.container, (container) => mountSolanaWalletUi(core, container))
    return {
      wallet: core.wallet,
      core,
      uninstall() {
        unregister()
        core.rejectPending()
        unmount()
      },
    }
  })
}

export function findSolanaWalletHost(): HTMLElement | null {
  return document.getElementById(SOLANA_WALLET_HOST_ID)
}
