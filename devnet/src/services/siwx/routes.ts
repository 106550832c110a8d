import { json } from '../../kernel/reply.js'
import type { Route } from '../../kernel/router.js'
import type { SiwxService } from './siwx.js'

// Nonces and sessions must never come from a cache.
const NO_STORE = { 'Cache-Control': 'no-store' }

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)

/**
 * Sign-in with X (`/auth/v1/*`), see `src/siwx/`:
 * - `GET /auth/v1/nonce` → `{ nonce, expiresAt }`;
 * - `POST /auth/v1/authenticate` `{ message, signature }` or `{ cacao }` → `{ token, session }`;
 * - `GET /auth/v1/me` (`Authorization: Bearer <token>`) → `{ session }`;
 * - `POST /auth/v1/sign-out` (the same header) → `{ success: true }`.
 * Sessions are bearer tokens, not cookies: the apps run on other ports than the API, and a
 * cookie for 127.0.0.1 would be shared by every app on every port of that host.
 */
export const authRoutes = (siwx: SiwxService): Route[] => [
  {
    method: 'GET',
    path: '/auth/v1/nonce',
    handle: () => ({ ...json(siwx.nonce()), headers: NO_STORE }),
  },
  {
    method: 'POST',
    path: '/auth/v1/authenticate',
    async handle({ body, headers }) {
      const result = await siwx.authenticate({ origin: header(headers.origin), body })
      return { ...json(result), headers: NO_STORE }
    },
  },
  {
    method: 'GET',
    path: '/auth/v1/me',
    async handle({ headers }) {
      const session = await siwx.session(header(headers.authorization))
      return { ...json({ session }), headers: NO_STORE }
    },
  },
  {
    method: 'POST',
    path: '/auth/v1/sign-out',
    async handle({ headers }) {
      await siwx.signOut(header(headers.authorization))
      return json({ success: true })
    },
  },
]
