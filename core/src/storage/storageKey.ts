import { PorticoError } from '../errors/index.js'

/** The storage option of `createPortico` that keeps two clients of one page apart. */
export type StorageOptions = {
  /**
   * The name every stored key starts with: `@<storageKey>/…` (WalletConnect's records included).
   * Two clients on one page (or one origin) need different keys, or they share their
   * connection. 1 to 32 letters, digits, `-` or `_`, starting with a letter or digit.
   * `'portico'` by default.
   */
  storageKey?: string
}

/** The default key: stored keys start with `@portico/`, as they always have. */
export const DEFAULT_STORAGE_KEY = 'portico'

/**
 * A short identifier. It ends up in storage keys, in WalletConnect's storage prefix and in the
 * name of WalletConnect's page-wide core, so nothing that could read as a path or a separator
 * (`/`, `:`, `@`, spaces) and nothing long.
 */
const STORAGE_KEY = /^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/

export function isStorageKey(value: unknown): value is string {
  return typeof value === 'string' && STORAGE_KEY.test(value)
}

/** The `storageKey` option, checked; the default when absent. */
export function resolveStorageKey(value: unknown): string {
  if (value === undefined) return DEFAULT_STORAGE_KEY
  if (!isStorageKey(value)) {
    throw new PorticoError(
      'INVALID_OPTIONS',
      'storageKey must be 1 to 32 letters, digits, - or _, starting with a letter or digit',
      { details: { option: 'storageKey' } },
    )
  }
  return value
}

/** What every key of a client's storage starts with. */
export function storagePrefix(storageKey: string): string {
  return `@${storageKey}/`
}
