import { createSiwxServer, type SiwxServer } from '@portico/server'
import type { PublicClient } from 'viem'
import { TOKEN_ISSUER } from './constants.js'

export type SiwxServiceOptions = {
  /** The eip155 chains sign-in accepts (CAIP-2 id → a client on that chain, for verification). */
  evmChains: ReadonlyMap<string, PublicClient>
  /** Accepted chains of other namespaces (CAIP-2: `solana:…`, `bip122:…`). */
  otherChains?: readonly string[]
  /** The project's allowed origins (`*` patterns), read on every request. */
  allowedOrigins: () => readonly string[]
  /** The server clock in milliseconds; `Date.now` by default. Tests move it. */
  now?: () => number
}

/**
 * The devnet's sign-in is `@portico/server` as an app deploys it, configured for the devnet:
 * its chains, the project's allowed origins as domains and CORS origins, the memory store, and
 * the session cookie on (HttpOnly; not Secure on loopback http), so the browser side can rely on
 * either the bearer token or the cookie. Browsers always send `Origin` on these calls, so a call
 * without one is refused, as before.
 */
export function createSiwxService(options: SiwxServiceOptions): SiwxServer {
  return createSiwxServer({
    chains: [
      ...[...options.evmChains].map(([id, client]) => ({ id, client })),
      ...(options.otherChains ?? []),
    ],
    domains: options.allowedOrigins,
    origins: options.allowedOrigins,
    requireOrigin: true,
    issuer: TOKEN_ISSUER,
    realm: 'portico-devnet',
    cookie: { sameSite: 'Lax' },
    ...(options.now ? { now: options.now } : {}),
  })
}
