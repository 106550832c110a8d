/** A resolved name or a reverse lookup is not read again for this long. */
export const NAME_CACHE_MS = 5 * 60 * 1000
