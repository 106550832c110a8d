import { HttpError } from '../../kernel/reply.js'

/** What a 401 on the session routes says about how to authenticate (RFC 6750). */
export const BEARER_CHALLENGE = { 'WWW-Authenticate': 'Bearer realm="portico-devnet"' }

/**
 * The page's origin from its `Origin` header: `http(s)://host[:port]` exactly as a browser sends
 * it (no path, no trailing slash, no `null`), else a 400.
 */
export function parseOriginHeader(header: string | undefined): URL {
  if (!header) throw new HttpError(400, 'missing Origin header')
  let url: URL
  try {
    url = new URL(header)
  } catch {
    throw new HttpError(400, 'invalid Origin header')
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== header) {
    throw new HttpError(400, 'invalid Origin header')
  }
  return url
}

// RFC 6750's b64token, after the (case-insensitive) scheme name.
const BEARER = /^Bearer +([A-Za-z0-9._~+/-]+=*) *$/i

/** The token of an `Authorization: Bearer <token>` header, else a 401 with the challenge. */
export function parseBearer(authorization: string | undefined): string {
  const match = BEARER.exec(authorization ?? '')
  if (!match) throw new HttpError(401, 'missing bearer token', BEARER_CHALLENGE)
  return match[1] as string
}
