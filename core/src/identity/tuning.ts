/** A name or avatar read within this long is not read again. */
export const IDENTITY_CACHE_MS = 5 * 60 * 1000
