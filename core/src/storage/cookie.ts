import { detectBrowserStorage, type StorageAdapter } from './adapter.js'
import type { PorticoInitialState } from './initialState.js'
import { DEFAULT_STORAGE_KEY, isStorageKey, storagePrefix } from './storageKey.js'

/**
 * The stored keys the first render reads: the connection (who is connected, with which wallet)
 * and the network the user picked. They live in cookies, so a server that renders the page sees
 * them in the request; everything else (caches, WalletConnect's records, recent wallets) stays in
 * localStorage, where its size costs no request anything.
 */
export const COOKIE_KEYS = [
  'connected_connector_id',
  'connection_status',
  'connected_namespaces',
  'connections',
  'active_namespace',
  'active_caip_network_id',
] as const

/**
 * Browsers drop a cookie longer than about 4 KiB without a word; a value that would not fit goes
 * to localStorage instead (the server then does not see it, and renders as if it were absent).
 */
export const MAX_COOKIE_LENGTH = 3_800

/** A year: long enough that a returning visitor is still connected, short of Chrome's cap. */
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60

/** A cookie header longer than this is not parsed (browsers send at most a few KiB per site). */
const MAX_HEADER_LENGTH = 64 * 1024

/** Options of `createCookieStorage`: the cookies' attributes and where other keys go. */
export type CookieStorageOptions = {
  /** Where the keys that are not kept in cookies go: localStorage by default (memory without). */
  fallback?: StorageAdapter
  /** The cookies' path; `/` by default, so every page of the site sees them. */
  path?: string
  /** The cookies' domain; the page's host by default. */
  domain?: string
  /** The cookies' lifetime in seconds; a year by default. */
  maxAge?: number
  /** `lax` by default: sent on top-level navigations to the site, not on cross-site requests. */
  sameSite?: 'lax' | 'strict' | 'none'
}

/** `@portico/connections:eip155` → `connections`: the feature's key without prefix or sub-key. */
function baseKey(fullKey: string): string | undefined {
  const match = /^@[A-Za-z0-9][A-Za-z0-9_-]{0,31}\/([a-z_]+)(?::[\s\S]*)?$/.exec(fullKey)
  return match?.[1]
}

/** Whether Portico keeps this key in a cookie. */
export function isCookieKey(fullKey: string): boolean {
  const key = baseKey(fullKey)
  return key !== undefined && (COOKIE_KEYS as readonly string[]).includes(key)
}

function decode(text: string): string | undefined {
  try {
    return decodeURIComponent(text)
  } catch {
    return undefined
  }
}

/** Every cookie of a `Cookie` header (or `document.cookie`), decoded; malformed pairs skipped. */
export function parseCookies(header: string): Map<string, string> {
  const out = new Map<string, string>()
  if (header.length > MAX_HEADER_LENGTH) return out
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=')
    if (at < 0) continue
    const name = decode(pair.slice(0, at).trim())
    let raw = pair.slice(at + 1).trim()
    // RFC 6265 allows a quoted value.
    if (raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"')) raw = raw.slice(1, -1)
    const value = decode(raw)
    // The first of two cookies with one name is the more specific one (longest path): keep it.
    if (name && value !== undefined && !out.has(name)) out.set(name, value)
  }
  return out
}

/** The `document.cookie` line that writes (or, with `maxAge` 0, deletes) one entry. */
export function serializeCookie(
  key: string,
  value: string,
  options: CookieStorageOptions & { secure?: boolean } = {},
): string {
  const parts = [
    `${encodeURIComponent(key)}=${encodeURIComponent(value)}`,
    `Path=${options.path ?? '/'}`,
    `Max-Age=${options.maxAge ?? MAX_AGE_SECONDS}`,
    `SameSite=${options.sameSite === 'strict' ? 'Strict' : options.sameSite === 'none' ? 'None' : 'Lax'}`,
  ]
  // Deleting: some engines honour only an expiry in the past.
  if (options.maxAge === 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT')
  if (options.domain) parts.push(`Domain=${options.domain}`)
  // SameSite=None is refused without Secure.
  if (options.secure || options.sameSite === 'none') parts.push('Secure')
  return parts.join('; ')
}

/**
 * A storage for apps rendered on the server too (Next.js and the like): what the first render
 * needs (the connection and the chosen network, `COOKIE_KEYS`) is kept in cookies, which the
 * browser sends with every request, so the server can render the connected account with
 * `cookieToInitialState`; everything else goes to `fallback` (localStorage). On the server it
 * holds nothing and ignores writes: one module shared by every request must not carry one
 * visitor's state into another's page (the request's cookies reach the client through
 * `initialState`).
 */
export function createCookieStorage(options: CookieStorageOptions = {}): StorageAdapter {
  let fallback = options.fallback
  // Found on first use, not at import: on the server there is no localStorage to probe.
  const other = () => {
    fallback ??= detectBrowserStorage()
    return fallback
  }
  const browser = () => typeof document !== 'undefined'
  const secure = () => globalThis.location?.protocol === 'https:'
  // Portico never stores an empty value (JSON is never empty): an empty cookie is a deleted one.
  const readCookie = (key: string) => parseCookies(document.cookie).get(key) || null
  const writeCookie = (key: string, value: string, maxAge?: number) => {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser
    document.cookie = serializeCookie(key, value, {
      ...options,
      ...(maxAge === undefined ? {} : { maxAge }),
      secure: secure(),
    })
  }
  return {
    getItem(key) {
      if (!browser()) return null
      if (!isCookieKey(key)) return other().getItem(key)
      return readCookie(key) ?? other().getItem(key)
    },
    setItem(key, value) {
      if (!browser()) return
      if (!isCookieKey(key)) {
        other().setItem(key, value)
        return
      }
      const line = serializeCookie(key, value, { ...options, secure: secure() })
      if (line.length <= MAX_COOKIE_LENGTH) {
        writeCookie(key, value)
        other().removeItem(key)
      } else {
        if (readCookie(key) !== null) writeCookie(key, '', 0)
        other().setItem(key, value)
      }
    },
    removeItem(key) {
      if (!browser()) return
      if (isCookieKey(key) && readCookie(key) !== null) writeCookie(key, '', 0)
      other().removeItem(key)
    },
  }
}

/** Cookie storage with the defaults: `createPortico({ ssr: true, storage: cookieStorage })`. */
export const cookieStorage: StorageAdapter = /* @__PURE__ */ createCookieStorage()

/**
 * Portico's entries in a request's `Cookie` header, for `createPortico({ initialState })`: the
 * server then renders what the browser will render first (the connected account, the chosen
 * network), and hydration finds no difference. Returns undefined when the header holds none.
 * Only Portico's own keys are kept (other cookies never reach the page); their values are
 * checked as any stored value is, when the client reads them.
 *
 * @example
 * // app/layout.tsx (a server component)
 * const initialState = cookieToInitialState((await headers()).get('cookie'))
 */
export function cookieToInitialState(
  cookie: string | null | undefined,
  options: { storageKey?: string } = {},
): PorticoInitialState | undefined {
  if (typeof cookie !== 'string' || cookie === '') return undefined
  const storageKey = options.storageKey ?? DEFAULT_STORAGE_KEY
  if (!isStorageKey(storageKey)) return undefined
  const prefix = storagePrefix(storageKey)
  const storage: Record<string, string> = {}
  for (const [name, value] of parseCookies(cookie)) {
    if (name.startsWith(prefix) && isCookieKey(name)) storage[name] = value
  }
  return Object.keys(storage).length > 0 ? { storage } : undefined
}
