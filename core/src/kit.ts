/**
 * The helpers heavy halves share with the page's first load, in one module. A half (`lazy.ts` and
 * the modules only it reaches) imports what it needs of these from here, never from their own
 * modules; what the first load does not have (the API's endpoints, the link and image checks) it
 * imports from where it lives.
 *
 * Why: a bundler puts a module that both the first load and lazily loaded code import into a file
 * of its own, and esbuild makes one per set of chunks sharing it. Reached through one module by
 * every half, the shared code forms one such file instead of one per helper (measured on the
 * modal page: 26 first-load files when the halves imported the helpers one by one, 20 this way).
 * Everything here is in the first load anyway: the kernel, the shells and the storage use it.
 */
export {
  isUserRejection,
  toWalletError,
  WALLET_ERROR_CODES,
  walletErrorCode,
} from './adapters/walletErrors.js'
export { parseCaipAddress, parseCaipNetworkId } from './caip/index.js'
export {
  abortedError,
  type WalletRequestKind,
  walletRequestTimeout,
  walletTimeoutError,
} from './connection/constants.js'
export {
  INJECTED_CONNECTOR_ID,
  RECENT_WALLETS_KEY,
  RECENT_WALLETS_MAX,
} from './connectors/constants.js'
export { isPorticoError, PorticoError } from './errors/index.js'
export { formatDecimal, fractionDigits, parseDecimal } from './format/decimal.js'
export { formatAmount, truncateAddress } from './format/format.js'
export {
  createAsyncAction,
  errorState,
  idleState,
  pendingState,
  successState,
  toPorticoError,
} from './kernel/async.js'
export { withDeadline } from './kernel/deadline.js'
export { errorMessage } from './messages/types.js'
export { evmChainId, networkNamespace, networkReference } from './options/network.js'
export { cleanAccountName, cleanDisplayText, isCleanText, TEXT_LIMITS } from './security/text.js'
export { storedCache } from './storage/createStorage.js'
export { storagePrefix } from './storage/storageKey.js'
export {
  arrayOf,
  caipAccountId,
  caipNetworkId,
  decimalAmount,
  displayText,
  everyOf,
  evmAddress,
  finiteNumber,
  isRecord,
  isUnsafeKey,
  nonNegativeNumber,
  object,
  oneOf,
  recordOf,
  reverseDomain,
  string,
  tokenDecimals,
} from './storage/validators.js'
export { SDK_TYPE, SDK_VERSION } from './version.js'
