/** The zone new names are registered in. */
export const NAME_SUFFIX = '.reown.id'
/** The legacy zone, still resolved. */
export const LEGACY_NAME_SUFFIX = '.wcn.id'
/** A name has at least this many characters. */
export const NAME_MIN_LENGTH = 4
/** A resolved name or a reverse lookup is not read again for this long. */
export const NAME_CACHE_MS = 5 * 60 * 1000
