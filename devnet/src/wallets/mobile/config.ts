import type { WalletConnectWalletChain } from '../walletconnect/methods.js'

/** What the page needs from the devnet; injected into the HTML as JSON. */
export type MobileWalletConfig = {
  relayUrl: string
  chains: Required<WalletConnectWalletChain>[]
  mnemonic: string
  projectId: string
  /** How many mnemonic accounts the account chooser offers. */
  accountCount: number
}

export const MOBILE_WALLET_NAME = 'Devnet Mobile Wallet'
export const MOBILE_WALLET_PATH = '/mobile-wallet'
export const CONFIG_ELEMENT_ID = 'portico-mobile-wallet-config'
/** localStorage prefix and WalletConnect storage prefix of the page. */
export const MOBILE_WALLET_STORAGE_PREFIX = 'portico-devnet-mobile-wallet'
