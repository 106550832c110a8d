export type { WalletSearch, WalletsFeature, WalletsStatus } from './createWallets.js'
export { createWallets } from './createWallets.js'
export type { WalletListing, WalletPage } from './listing.js'
export { walletListing, walletPage } from './listing.js'
