// The provider, the wallet links and a pairing's methods load with the heavy half (lazy.ts):
// re-exported here as values they would be reachable from the client's entry, and a bundler would
// keep them in the initial load.
export { WALLET_CONNECT_CONNECTOR_ID } from './constants.js'
export type { WalletLinkKind, WalletLinks } from './deepLinks.js'
export { walletConnectFeature } from './feature.js'
export type {
  WalletConnectAuthRequest,
  WalletConnectSignIn,
} from './proposal.js'
export type {
  DeepLinkChoice,
  WalletConnectFeature,
  WalletConnectInternal,
  WalletConnectStatus,
} from './types.js'
