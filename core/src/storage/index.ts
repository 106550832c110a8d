export type { StorageAdapter } from './adapter.js'
export { createMemoryStorage, detectBrowserStorage, resolveStorageAdapter } from './adapter.js'
export type { SafeStorage, StoredCache, StoredMap, StoredValue } from './createStorage.js'
export { STORAGE_PREFIX } from './createStorage.js'
export type {
  ConnectionStatus,
  DeepLinkChoice,
  PorticoStorage,
  RecentWallet,
  SocialProvider,
} from './portico.js'
export {
  CONNECTION_STATUSES,
  createPorticoStorage,
  recentWallet,
  SOCIAL_PROVIDERS,
} from './portico.js'
export * as validators from './validators.js'
