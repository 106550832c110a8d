export { defaultAdapterLoaders } from './defaultLoaders.js'
export type {
  AdapterAccount,
  AdapterContext,
  AdapterEventHandlers,
  AdapterLoaders,
  ChainAdapter,
  NativeBalance,
} from './types.js'
export {
  isUserRejection,
  toWalletError,
  WALLET_ERROR_CODES,
  walletErrorCode,
} from './walletErrors.js'
