// The wallet links (deepLinks.ts) and a pairing's methods (methods.ts) load with the provider
// (provider.ts): re-exported here as values they would be reachable from the client's entry, and a
// bundler would keep them in the initial load.
export type {
  WalletConnectAuthRequest,
  WalletConnectSignIn,
} from './createWalletConnectProvider.js'
export type { WalletLinkKind, WalletLinks } from './deepLinks.js'
export type {
  DeepLinkChoice,
  WalletConnectFeature,
  WalletConnectInternal,
  WalletConnectStatus,
} from './feature.js'
export { WALLET_CONNECT_CONNECTOR_ID, walletConnectFeature } from './feature.js'
