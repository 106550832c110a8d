export { defaultAdapterLoaders } from './defaultLoaders.js'
export type {
  AdapterAccount,
  AdapterContext,
  AdapterEventHandlers,
  AdapterLoader,
  AdapterLoaders,
  BalanceCapability,
  ChainAdapter,
  ConnectCapability,
  ConnectOptions,
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
