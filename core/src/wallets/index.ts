export {
  RECOMMENDED_WALLETS,
  WALLET_SEARCH_ENTRIES,
  WALLET_SEARCH_MIN_WAIT_MS,
  WALLETS_PAGE_SIZE,
} from './constants.js'
export type { WalletExplorer } from './createWallets.js'
export type { WalletsFeature, WalletsOptions } from './feature.js'
export { walletsFeature } from './feature.js'
export type { WalletListing, WalletPage } from './listing.js'
export type { WalletSearch, WalletsStatus } from './types.js'
