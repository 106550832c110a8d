import { isIP } from 'node:net'

/**
 * The header every `/__devnet/*` control route needs. A page on another site cannot send a
 * custom header without a preflight, and only loopback origins pass the preflight, so a web page
 * the developer happens to visit cannot fault the API, plant NFTs or settle on-ramp sessions.
 */
export const CONTROL_HEADER = 'X-Portico-Devnet'
export const CONTROL_HEADER_VALUE = '1'

// Browsers serialise an origin as scheme://host[:port], lower case, without a default port and
// without leading zeros: anything else did not come from a browser and is refused.
const LOOPBACK_ORIGIN = /^http:\/\/(?:127\.0\.0\.1|localhost|\[::1\])(?::([1-9]\d{0,4}))?$/

/**
 * Whether `origin` is a page on this machine: `http://127.0.0.1:*`, `http://localhost:*` or
 * `http://[::1]:*` (any port, or the default one). The examples, the docs and the test pages all
 * run there; a site on the internet never does.
 */
export function isLoopbackOrigin(origin: string): boolean {
  const match = LOOPBACK_ORIGIN.exec(origin)
  if (!match) return false
  return match[1] === undefined || Number(match[1]) <= 65_535
}

/**
 * Whether a `Host` header names this machine by an IP address (any, for a devnet served on the
 * local network) or `localhost`. A DNS name can be rebound to 127.0.0.1 by an attacker's page,
 * which is then same-origin with the devnet and may send any header: control routes refuse it.
 */
export function isAddressHost(host: string | undefined): boolean {
  if (!host) return false
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(host)
  if (bracketed) return isIP(bracketed[1] as string) === 6
  const [name, port, ...rest] = host.split(':')
  if (rest.length > 0 || (port !== undefined && !/^\d{1,5}$/.test(port))) return false
  return name === 'localhost' || isIP(name as string) === 4
}

/** What a request's `Origin` header allows: no header (not a browser, or same-origin GET). */
export type OriginAccess = 'none' | 'allowed' | 'refused'

/**
 * Loopback pages are allowed cross-origin. A page the devnet serves itself (the on-ramp checkout)
 * reached by an IP address on the local network is same-origin, and allowed too. Anything else
 * is refused outright: a simple cross-site POST needs no preflight, so leaving the CORS headers
 * out would not stop it from being stored.
 */
export function originAccess(origin: string | undefined, host: string | undefined): OriginAccess {
  if (origin === undefined) return 'none'
  if (isLoopbackOrigin(origin)) return 'allowed'
  if (host !== undefined && isAddressHost(host) && origin === `http://${host}`) return 'allowed'
  return 'refused'
}
