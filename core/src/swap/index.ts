export {
  SWAP_CHAIN_IDS,
  SWAP_DEFAULT_SLIPPAGE,
  SWAP_LOAD_FAILED,
  SWAP_MAX_SLIPPAGE,
} from './constants.js'
export type { SwapFeature, SwapStores } from './feature.js'
export { swapFeature } from './feature.js'
export type {
  SwapErrors,
  SwapFee,
  SwapOptions,
  SwapPreview,
  SwapQuote,
  SwapState,
  SwapToken,
  SwapTokenLists,
  SwapTransaction,
} from './types.js'
