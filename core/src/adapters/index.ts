export { defaultAdapterLoaders } from './defaultLoaders.js'
export type {
  AdapterAccount,
  AdapterContext,
  AdapterEventHandlers,
  AdapterLoaders,
  ChainAdapter,
  NativeBalance,
  PreparedTransfer,
  PrepareTransferParameters,
  TransferReceipt,
} from './types.js'
export {
  isUserRejection,
  toWalletError,
  WALLET_ERROR_CODES,
  walletErrorCode,
} from './walletErrors.js'
