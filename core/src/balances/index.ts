export {
  BALANCE_CACHE_MS,
  BALANCE_NAMESPACES,
  BALANCE_RETRY_BLOCK_MS,
  NATIVE_BALANCE_CACHE_MS,
} from './constants.js'
export type { BalancesFeature, BalancesInternal } from './feature.js'
export { balancesFeature } from './feature.js'
export type { NativeBalanceState, TokenBalance } from './types.js'
export type { WalletAsset } from './walletAssets.js'
