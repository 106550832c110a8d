export type {
  WalletConnectAuthRequest,
  WalletConnectSignIn,
} from './createWalletConnectProvider.js'
export type { WalletLinkKind, WalletLinks } from './deepLinks.js'
export { buildWalletLinks, formatWalletLink, openWalletLink } from './deepLinks.js'
export type {
  DeepLinkChoice,
  WalletConnectFeature,
  WalletConnectInternal,
  WalletConnectStatus,
} from './feature.js'
export { WALLET_CONNECT_CONNECTOR_ID, walletConnectFeature } from './feature.js'
export { EIP155_WALLETCONNECT_EVENTS, EIP155_WALLETCONNECT_METHODS } from './methods.js'
