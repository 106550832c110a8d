export { MAX_DATA_IMAGE_LENGTH, MAX_IMAGE_URL_LENGTH, toSafeImageUrl } from './imageUrl.js'
export {
  assertSafeWalletLink,
  isBlockedScheme,
  isLocalHost,
  isSafeWalletLink,
  MAX_LINK_LENGTH,
  parseWalletLink,
  toSafeWalletLink,
} from './links.js'
export { cleanAccountName, cleanDisplayText, isCleanText, TEXT_LIMITS } from './text.js'
