export { toSafeImageUrl } from './imageUrl.js'
export { assertSafeWalletLink, isSafeWalletLink, parseWalletLink } from './links.js'
