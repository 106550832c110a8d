export { BALANCE_NAMESPACES } from './constants.js'
export { balancesFeature } from './feature.js'
export { BALANCE_CACHE_MS, BALANCE_RETRY_BLOCK_MS, NATIVE_BALANCE_CACHE_MS } from './tuning.js'
export type {
  BalancesFeature,
  BalancesInternal,
  NativeBalanceState,
  TokenBalance,
} from './types.js'
export type { WalletAsset } from './walletAssets.js'
