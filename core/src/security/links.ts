import { PorticoError } from '../errors/index.js'

/** Schemes that run code or read local files: never followed, whatever a listing says. */
const FORBIDDEN = new Set(['javascript', 'data', 'vbscript', 'file', 'blob', 'about'])
const APP_SCHEME = /^[a-z][a-z0-9+.-]*$/i

/**
 * Parses a link from a wallet listing: http(s), or a custom app scheme made of letters, digits,
 * `+`, `-` and `.` (`metamask://`, `rainbow:`). Returns the normalised URL or undefined.
 */
export function parseWalletLink(value: unknown): URL | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2_048) return undefined
  // Control characters and whitespace inside a link are a smuggling attempt, not a typo.
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i)
    if (code <= 0x20 || (code >= 0x7f && code <= 0x9f)) return undefined
  }
  const colon = value.indexOf(':')
  if (colon <= 0) return undefined
  const scheme = value.slice(0, colon)
  if (!APP_SCHEME.test(scheme) || FORBIDDEN.has(scheme.toLowerCase())) return undefined
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return undefined
  }
  const protocol = url.protocol.slice(0, -1).toLowerCase()
  if (FORBIDDEN.has(protocol) || !APP_SCHEME.test(protocol)) return undefined
  if ((protocol === 'http' || protocol === 'https') && !url.hostname) return undefined
  return url
}

export function isSafeWalletLink(value: unknown): value is string {
  return parseWalletLink(value) !== undefined
}

/** Like parseWalletLink, but throws a PorticoError naming the refused link. */
export function assertSafeWalletLink(value: unknown): URL {
  const url = parseWalletLink(value)
  if (!url) {
    throw new PorticoError(
      'INVALID_INPUT',
      'Refused to open a link with an unsafe or malformed URL',
      {
        details: { link: typeof value === 'string' ? value.slice(0, 100) : typeof value },
      },
    )
  }
  return url
}
