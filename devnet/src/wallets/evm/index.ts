import { installOnce, mountUi } from '../shared/install.js'
import type { InstallOptions } from '../shared/types.js'
import { DEVNET_WALLET_ICON } from './icon.js'
import type { DevnetProvider, EIP6963ProviderInfo } from './types.js'
import { mountWalletUi, WALLET_HOST_ID } from './ui.js'
import {
  createDevnetWalletCore,
  type DevnetWalletCore,
  type DevnetWalletOptions,
} from './wallet.js'

export { ProviderRpcError } from './errors.js'
export { DEVNET_WALLET_ICON } from './icon.js'
export type {
  DevnetProvider,
  DevnetWalletChain,
  EIP6963ProviderInfo,
  PendingApproval,
  RequestArguments,
  WalletSnapshot,
} from './types.js'
export { WALLET_HOST_ID } from './ui.js'
export {
  createDevnetWalletCore,
  DEVNET_WALLET_MNEMONIC,
  type DevnetWalletCore,
  type DevnetWalletOptions,
} from './wallet.js'

export const DEVNET_WALLET_NAME = 'Devnet Wallet'
export const DEVNET_WALLET_RDNS = 'dev.portico.devnet'

export type InstallDevnetWalletOptions = InstallOptions<DevnetWalletOptions>

export type DevnetWallet = {
  provider: DevnetProvider
  info: EIP6963ProviderInfo
  /** State and wallet-side controls (select account or network, disconnect the site). */
  core: DevnetWalletCore
  /** Stops announcing and removes the UI. */
  uninstall(): void
}

/**
 * Puts the Devnet Wallet on the page: announces its EIP-1193 provider over EIP-6963 now and on
 * every `eip6963:requestProvider`, and adds its UI. Installing again replaces the previous one.
 */
export function installDevnetWallet(options: InstallDevnetWalletOptions): DevnetWallet {
  return installOnce('portico.devnetWallet', () => {
    const core = createDevnetWalletCore(options)
    const info: EIP6963ProviderInfo = Object.freeze({
      uuid: uuidV4(),
      name: DEVNET_WALLET_NAME,
      icon: DEVNET_WALLET_ICON,
      rdns: DEVNET_WALLET_RDNS,
    })
    const detail = Object.freeze({ info, provider: core.provider })
    const announce = () => {
      window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
    }
    window.addEventListener('eip6963:requestProvider', announce)
    announce()
    const unmount = mountUi(options.container, (container) => mountWalletUi(core, container))
    return {
      provider: core.provider,
      info,
      core,
      uninstall() {
        window.removeEventListener('eip6963:requestProvider', announce)
        core.rejectPending()
        unmount()
      },
    }
  })
}

export function findWalletHost(): HTMLElement | null {
  return document.getElementById(WALLET_HOST_ID)
}

// crypto.randomUUID exists only in secure contexts; a page opened on a LAN address is not one.
function uuidV4(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
