/**
 * What the lazily loaded halves of features (`lazyModule`) use from the client's initial code,
 * in one module. Every lazy half imports its shared helpers from here (its own feature's
 * constants come from its shell, with the stores).
 *
 * Why one module: a bundler splits code shared by the initial bundle and a lazy chunk into a
 * chunk of its own, one for each set of chunks that share it. If each lazy half imported what it
 * needs directly, every feature made lazy would cut the initial bundle into more small files
 * (each compressed alone: together they weighed more than the code the features moved out).
 * Through this module every lazy half reaches the same shared code, which then stays together.
 */
export { API_REQUEST_TIMEOUT_MS } from '../api/constants.js'
export { createToolkitApi } from '../api/toolkit.js'
export { parseCaipAddress } from '../caip/index.js'
export { isPorticoError, PorticoError } from '../errors/index.js'
export { formatAmount, formatDecimal, parseDecimal, truncateAddress } from '../format/index.js'
export { errorMessage } from '../messages/index.js'
export { networkNamespace, networkReference } from '../options/index.js'
export {
  assertSafeWalletLink,
  cleanAccountName,
  cleanDisplayText,
  isCleanText,
  parseWalletLink,
  TEXT_LIMITS,
  toSafeImageUrl,
  toSafeWalletLink,
} from '../security/index.js'
export {
  arrayOf,
  caipNetworkId,
  decimalAmount,
  everyOf,
  evmAddress,
  finiteNumber,
  isRecord,
  isUnsafeKey,
  reverseDomain,
  storagePrefix,
  storedCache,
} from '../storage/index.js'
export { toPorticoError } from './async.js'
export { withDeadline } from './deadline.js'
