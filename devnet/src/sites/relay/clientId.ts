/**
 * The client id a WalletConnect client announces: the `iss` of the relay-auth JWT in the socket
 * URL's `auth` parameter (a `did:key:…`), the same across reconnects and page reloads. The JWT is
 * accepted as it is (its signature is not checked). Undefined when there is no readable JWT.
 */
export function clientIdFromUrl(url: string | undefined): string | undefined {
  if (!url) return undefined
  let auth: string | null
  try {
    auth = new URL(url, 'ws://relay.invalid').searchParams.get('auth')
  } catch {
    return undefined
  }
  const payload = auth?.split('.')[1]
  if (!payload) return undefined
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown
    if (typeof claims !== 'object' || claims === null) return undefined
    const iss = (claims as { iss?: unknown }).iss
    return typeof iss === 'string' && iss.length > 0 ? iss : undefined
  } catch {
    return undefined
  }
}
