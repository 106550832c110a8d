/** The zone new names are registered in. */
export const NAME_SUFFIX = '.reown.id'
/** The legacy zone, still resolved. */
export const LEGACY_NAME_SUFFIX = '.wcn.id'
/** A name has at least this many characters. */
export const NAME_MIN_LENGTH = 4
/** Where resolved names and reverse lookups are kept (under the client's prefix). */
export const NAME_CACHE_KEY = 'name_cache'
