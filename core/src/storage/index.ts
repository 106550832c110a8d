export type { StorageAdapter } from './adapter.js'
export { createMemoryStorage, detectBrowserStorage, resolveStorageAdapter } from './adapter.js'
export type { CookieStorageOptions } from './cookie.js'
export {
  COOKIE_KEYS,
  cookieStorage,
  cookieToInitialState,
  createCookieStorage,
  isCookieKey,
  MAX_COOKIE_LENGTH,
  parseCookies,
  serializeCookie,
} from './cookie.js'
export type { SafeStorage, StoredCache, StoredMap, StoredValue } from './createStorage.js'
export {
  createSafeStorage,
  STORAGE_PREFIX,
  storedCache,
  storedMap,
  storedValue,
} from './createStorage.js'
// Every client reads `initialState`; cookie storage is its own module, in an app's bundle only
// when the app uses it.
export type { PorticoInitialState } from './initialState.js'
export { isInitialState, withInitialState } from './initialState.js'
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
