export { defaultAdapterLoaders } from './defaultLoaders.js'
export type {
  AdapterAccount,
  AdapterContext,
  AdapterEventHandlers,
  AdapterLoaders,
  BalanceCapability,
  ChainAdapter,
  ConnectCapability,
  NativeBalance,
  NetworkCapability,
  PreparedTransfer,
  PrepareTransferParameters,
  SignCapability,
  TransactionCapability,
  TransactionReceipt,
  TransactionRequest,
  TransferCapability,
  TransferReceipt,
} from './types.js'
export {
  isUserRejection,
  toWalletError,
  WALLET_ERROR_CODES,
  walletErrorCode,
} from './walletErrors.js'
