export type { StorageAdapter } from './adapter.js'
export { createMemoryStorage, detectBrowserStorage, resolveStorageAdapter } from './adapter.js'
export type { CookieStorageOptions, PorticoInitialState } from './cookie.js'
export {
  COOKIE_KEYS,
  cookieStorage,
  cookieToInitialState,
  createCookieStorage,
  isCookieKey,
  isInitialState,
  MAX_COOKIE_LENGTH,
  parseCookies,
  serializeCookie,
  withInitialState,
} from './cookie.js'
export type { SafeStorage, StoredCache, StoredMap, StoredValue } from './createStorage.js'
export {
  createSafeStorage,
  STORAGE_PREFIX,
  storedCache,
  storedMap,
  storedValue,
} from './createStorage.js'
export type { StorageOptions } from './storageKey.js'
export {
  DEFAULT_STORAGE_KEY,
  isStorageKey,
  resolveStorageKey,
  storagePrefix,
} from './storageKey.js'
export type { Validator } from './validators.js'
export {
  arrayOf,
  caipAccountId,
  caipNetworkId,
  decimalAmount,
  displayText,
  everyOf,
  evmAddress,
  finiteNumber,
  isRecord,
  isUnsafeKey,
  nonNegativeNumber,
  object,
  oneOf,
  recordOf,
  reverseDomain,
  string,
  tokenDecimals,
} from './validators.js'
