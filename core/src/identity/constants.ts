/** Where the names and avatars read are kept (under the client's prefix). */
export const IDENTITY_CACHE_KEY = 'identity_cache'
