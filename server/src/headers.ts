/** A refusal: the HTTP status, the reason (the answer's `error`), and extra response headers. */
export class SiwxError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message)
  }
}

/** What a 401 on the session routes says about how to authenticate (RFC 6750). */
export const bearerChallenge = (realm: string) => ({
  'WWW-Authenticate': `Bearer realm="${realm.replace(/["\\]/g, '')}"`,
})

/**
 * The page's origin from its `Origin` header: `http(s)://host[:port]` exactly as a browser sends
 * it (no path, no trailing slash, no `null`), else a 400.
 */
export function parseOriginHeader(header: string | null | undefined): URL {
  if (!header) throw new SiwxError(400, 'missing Origin header')
  let url: URL
  try {
    url = new URL(header)
  } catch {
    throw new SiwxError(400, 'invalid Origin header')
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== header) {
    throw new SiwxError(400, 'invalid Origin header')
  }
  return url
}

// RFC 6750's b64token, after the (case-insensitive) scheme name.
const BEARER = /^Bearer +([A-Za-z0-9._~+/-]+=*) *$/i
// A cookie value as RFC 6265 allows it unquoted; a JWT is base64url and dots.
const COOKIE_VALUE = /^[A-Za-z0-9._~+/=-]+$/

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
export function bearerToken(authorization: string | null | undefined): string | undefined {
  return BEARER.exec(authorization ?? '')?.[1]
}

/** The value of the cookie `name` in a `Cookie` header, or undefined. */
export function cookieValue(header: string | null | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=')
    if (at < 0 || part.slice(0, at).trim() !== name) continue
    const value = part.slice(at + 1).trim()
    return COOKIE_VALUE.test(value) ? value : undefined
  }
  return undefined
}

/** Whether a host name is this machine (where browsers allow `Secure`-less cookies over http). */
export function isLoopbackHost(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    /^127(?:\.\d{1,3}){3}$/.test(hostname) ||
    hostname === '[::1]'
  )
}

export type CookieOptions = {
  /** `portico_session` by default. */
  name?: string
  /** `Lax` by default; `None` for an app on another site than the server (needs https). */
  sameSite?: 'Strict' | 'Lax' | 'None'
  /** `/` by default. */
  path?: string
  /** Left out by default: the cookie belongs to the server's host alone. */
  domain?: string
}

/**
 * A `Set-Cookie` value: HttpOnly always (scripts never read the token), Secure unless the
 * request came over http to a loopback host (development), `maxAgeSeconds` 0 clears it.
 */
export function serializeCookie(
  options: CookieOptions & { name: string },
  value: string,
  maxAgeSeconds: number,
  requestUrl: URL,
): string {
  const parts = [`${options.name}=${value}`, `Path=${options.path ?? '/'}`]
  if (options.domain) parts.push(`Domain=${options.domain}`)
  parts.push(`Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`, 'HttpOnly')
  const local = requestUrl.protocol === 'http:' && isLoopbackHost(requestUrl.hostname)
  if (!local) parts.push('Secure')
  parts.push(`SameSite=${options.sameSite ?? 'Lax'}`)
  return parts.join('; ')
}

/**
 * The wildcard rule origin patterns are written for, the same as the browser SDK's: an exact
 * match, or `*` standing for any run of characters (`http://localhost:*` matches every port on
 * localhost, `https://*.example.org` every subdomain). Everything else is literal.
 */
export function originMatches(origin: string, pattern: string): boolean {
  if (pattern === origin) return true
  if (!pattern.includes('*')) return false
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\/]/g, '\\$&'))
    .join('.*')
  return new RegExp(`^${source}$`).test(origin)
}
