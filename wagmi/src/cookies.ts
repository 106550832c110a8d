import type { PorticoInitialState } from '@portico/core'
import { cookieToInitialState as porticoCookieToInitialState } from '@portico/core'
import { deserialize, parseCookie, type State } from 'wagmi'

/** A year, as Portico's own cookies: a returning visitor is connected in both, or in neither. */
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60

/** A key-value store of strings, what wagmi's `createStorage({ storage })` takes. */
export type CookieKeyValueStorage = {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

/**
 * wagmi's state in a cookie, written as wagmi's `cookieStorage` writes it (so wagmi's own
 * `cookieToInitialState` reads it too) but with the attributes of Portico's cookies: a year's
 * `Max-Age` (wagmi's lasts the browser session), `SameSite=Lax`, `Secure` on https. On the server
 * it holds nothing: the request's cookies reach the page through `initialState`.
 */
export const wagmiCookieStorage: CookieKeyValueStorage = {
  getItem(key) {
    if (typeof document === 'undefined') return null
    return parseCookie(document.cookie, key) ?? null
  },
  setItem(key, value) {
    if (typeof document === 'undefined') return
    const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : ''
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser
    document.cookie = `${key}=${value}; Path=/; Max-Age=${MAX_AGE_SECONDS}; SameSite=Lax${secure}`
  },
  removeItem(key) {
    if (typeof document === 'undefined') return
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser
    document.cookie = `${key}=; Path=/; Max-Age=0`
  },
}

/** Both initial states a server render needs, from one `Cookie` header. */
export type PorticoWagmiInitialState = {
  /** For `createPortico({ ssr: true, storage: cookieStorage, initialState })`. */
  portico: PorticoInitialState | undefined
  /** For `<WagmiProvider initialState>`. */
  wagmi: State | undefined
}

/**
 * Portico's and wagmi's state in a request's `Cookie` header, for the first render of a page
 * rendered on the server (Next.js): the server then shows the connected account in Portico's
 * components and in wagmi's hooks alike, and hydration finds no difference. Needs no config, so a
 * server component (the layout) can call it.
 *
 * @example
 * // app/layout.tsx (a server component)
 * const initialState = cookieToPorticoWagmiState((await headers()).get('cookie'))
 */
export function cookieToPorticoWagmiState(
  cookie: string | null | undefined,
  options: { storageKey?: string; wagmiStorageKey?: string } = {},
): PorticoWagmiInitialState {
  return {
    portico: porticoCookieToInitialState(
      cookie,
      options.storageKey === undefined ? {} : { storageKey: options.storageKey },
    ),
    wagmi: wagmiState(cookie, options.wagmiStorageKey ?? 'wagmi'),
  }
}

function wagmiState(cookie: string | null | undefined, key: string): State | undefined {
  if (!cookie) return undefined
  const stored = parseCookie(cookie, `${key}.store`)
  if (!stored) return undefined
  try {
    return deserialize<{ state?: State } | null>(stored)?.state
  } catch {
    return undefined
  }
}
