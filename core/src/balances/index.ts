export { BALANCE_NAMESPACES } from './constants.js'
export { balancesFeature } from './feature.js'
export type {
  BalancesFeature,
  BalancesInternal,
  NativeBalanceState,
  TokenBalance,
} from './types.js'
export type { WalletAsset } from './walletAssets.js'
