export { DEVNET_WALLETCONNECT_MNEMONIC, DEVNET_WALLETCONNECT_PROJECT_ID } from './constants.js'
export { createDevnetWalletConnectWallet } from './lazy.js'
export {
  CONSENT_METHODS,
  DEFAULT_EVENTS,
  DEFAULT_METHODS,
  IMMEDIATE_METHODS,
  type WalletConnectWalletChain,
} from './methods.js'
export { createLocalStorage, createMemoryStorage, type WalletConnectStorage } from './storage.js'
export type {
  CreateDevnetWalletConnectWalletOptions,
  Decision,
  DevnetWalletConnectWallet,
  WalletConnectAuthRequest,
  WalletConnectAuthResult,
  WalletConnectPeer,
  WalletConnectProposal,
  WalletConnectRequest,
  WalletConnectSession,
  WalletConnectWalletSnapshot,
} from './types.js'
