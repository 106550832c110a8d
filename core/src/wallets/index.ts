export { WALLET_SEARCH_MIN_WAIT_MS } from './constants.js'
export { walletsFeature } from './feature.js'
export type { WalletListing, WalletPage } from './listing.js'
export type {
  WalletExplorer,
  WalletSearch,
  WalletsConnectErrorType,
  WalletsFeature,
  WalletsOptions,
  WalletsStatus,
} from './types.js'
