/**
 * The helpers heavy halves share with each other but the first load does not have: the checks of
 * wallet links and image URLs. Like `kit.ts` for the first load's helpers, one module reached by
 * every half, so the bundler makes one shared file of them instead of one per set of halves that
 * use each (each such file is a request before the visitor acts, when the Connect view is
 * prefetched). Never imported by a module of the first load.
 */

export { createTransactionSteps } from './modal/transactionStep.js'
export { toSafeImageUrl } from './security/imageUrl.js'
export {
  assertSafeWalletLink,
  parseWalletLink,
  toSafeWalletLink,
  walletSchemes,
} from './security/links.js'
