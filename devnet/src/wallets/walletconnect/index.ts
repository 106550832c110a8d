export { createDevnetWalletConnectWallet } from './lazy.js'
export type { WalletConnectWalletChain } from './methods.js'
export { createMemoryStorage, type WalletConnectStorage } from './storage.js'
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
