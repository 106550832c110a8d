export { MAX_DATA_IMAGE_LENGTH, MAX_IMAGE_URL_LENGTH, toSafeImageUrl } from './imageUrl.js'
export {
  assertSafeWalletLink,
  isBlockedScheme,
  isLocalHost,
  isLoopbackHost,
  isSafeWalletLink,
  MAX_LINK_LENGTH,
  parseWalletLink,
  toSafeWalletLink,
  walletSchemes,
} from './links.js'
export { cleanAccountName, cleanDisplayText, isCleanText, TEXT_LIMITS } from './text.js'
