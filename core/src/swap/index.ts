export {
  SWAP_CHAIN_IDS,
  SWAP_DEFAULT_SLIPPAGE,
  SWAP_LOAD_FAILED,
  SWAP_MAX_SLIPPAGE,
} from './constants.js'
export { swapFeature } from './feature.js'
export type {
  SetSlippageErrorType,
  SwapApproveErrorType,
  SwapErrors,
  SwapErrorType,
  SwapFeature,
  SwapFee,
  SwapFormErrorType,
  SwapOptions,
  SwapPreview,
  SwapPreviewErrorType,
  SwapQuote,
  SwapQuoteErrorType,
  SwapSetMaxErrorType,
  SwapState,
  SwapStores,
  SwapToken,
  SwapTokenLists,
  SwapTransaction,
} from './types.js'
