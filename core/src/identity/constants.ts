/** A name or avatar read within this long is not read again. */
export const IDENTITY_CACHE_MS = 5 * 60 * 1000
/** Where the names and avatars read are kept (under the client's prefix). */
export const IDENTITY_CACHE_KEY = 'identity_cache'
