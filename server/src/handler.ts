import { BASE_PATH, COOKIE_NAME, MAX_BODY_BYTES } from './constants.js'
import {
  bearerChallenge,
  bearerToken,
  type CookieOptions,
  cookieValue,
  originMatches,
  SiwxError,
  serializeCookie,
} from './headers.js'
import { createSiwx, type SiwxCoreOptions } from './siwx.js'
import type { SiwxSession } from './tokens.js'

export type SiwxServerOptions = SiwxCoreOptions & {
  /** Where the routes live (`/auth/v1` by default, where the browser side calls them). */
  basePath?: string
  /**
   * Also keep the token in a cookie: set on sign-in (HttpOnly; Secure unless the request is
   * http to a loopback host), read by `me`, sign-out and `verifyRequest` when no
   * `Authorization: Bearer` header is sent, cleared on sign-out.
   */
  cookie?: CookieOptions | boolean
  /**
   * Origins allowed to call from a browser on another origin (`*` patterns as in `domains`):
   * answered with their exact `Access-Control-Allow-Origin`, credentials allowed. None by default.
   */
  origins?: readonly string[] | (() => readonly string[])
  /** The realm named in 401 answers' `WWW-Authenticate` (`portico` by default). */
  realm?: string
}

/** What an app's own route learns from `verifyRequest`: the session and its token. */
export type VerifiedRequest = { session: SiwxSession; token: string }

// Nonces and sessions must never come from a cache.
const NO_STORE = { 'Cache-Control': 'no-store' }

function json(value: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(value), {
    status,
    headers: { 'Content-Type': 'application/json', ...NO_STORE, ...headers },
  })
}

/** The JSON body of a POST, whatever its Content-Type (a refusal when too big or not JSON). */
async function readJson(request: Request): Promise<unknown> {
  const declared = Number(request.headers.get('content-length') ?? 0)
  if (declared > MAX_BODY_BYTES) throw new SiwxError(413, 'body too large')
  const text = (await request.text()).trim()
  if (text.length > MAX_BODY_BYTES) throw new SiwxError(413, 'body too large')
  if (text.length === 0) return undefined
  try {
    return JSON.parse(text)
  } catch {
    throw new SiwxError(400, 'invalid JSON body')
  }
}

/**
 * The sign-in server: `handle(request)` answers the routes the browser side calls (same paths,
 * bodies and answers as the devnet's), `verifyRequest(request)` reads the signed-in account in
 * the app's own routes. Routes, under `basePath`:
 * - `GET nonce` → `{ nonce, expiresAt }`;
 * - `POST authenticate` `{ message, signature }` or `{ cacao }` → `{ token, session }`;
 * - `GET me` → `{ session }`;
 * - `POST sign-out` → `{ success: true }`;
 * - `POST revoke` `{ token }` → `{ success: true }`: signs out another token of the same
 *   account (another device), authenticated like `me`.
 * Refusals are `{ error }` with a 4xx status; a store that is down is a 503.
 */
export function createSiwxServer(options: SiwxServerOptions) {
  const siwx = createSiwx(options)
  const base = (options.basePath ?? BASE_PATH).replace(/\/+$/, '')
  const cookie =
    options.cookie === true ? {} : options.cookie === false ? undefined : options.cookie
  const cookieName = cookie?.name ?? COOKIE_NAME
  const realm = options.realm ?? 'portico'
  const corsOrigins = () =>
    typeof options.origins === 'function' ? options.origins() : (options.origins ?? [])

  /** The token of a request: `Authorization: Bearer`, else the cookie when cookies are on. */
  function tokenOf(request: Request): string {
    const token =
      bearerToken(request.headers.get('authorization')) ??
      (cookie ? cookieValue(request.headers.get('cookie'), cookieName) : undefined)
    if (!token) throw new SiwxError(401, 'missing bearer token', bearerChallenge(realm))
    return token
  }

  function setCookie(
    request: Request,
    value: string,
    maxAgeSeconds: number,
  ): Record<string, string> {
    if (!cookie) return {}
    const url = new URL(request.url)
    return {
      'Set-Cookie': serializeCookie({ ...cookie, name: cookieName }, value, maxAgeSeconds, url),
    }
  }

  function corsHeaders(request: Request): Record<string, string> {
    const origin = request.headers.get('origin')
    if (!origin || !corsOrigins().some((pattern) => originMatches(origin, pattern))) return {}
    return {
      'Access-Control-Allow-Origin': origin,
      'Access-Control-Allow-Credentials': 'true',
      Vary: 'Origin',
    }
  }

  async function route(request: Request, path: string): Promise<Response> {
    const method = request.method
    const origin = request.headers.get('origin') ?? undefined
    if (path === 'nonce' && method === 'GET') return json(await siwx.nonce())
    if (path === 'authenticate' && method === 'POST') {
      const result = await siwx.authenticate({ origin, body: await readJson(request) })
      const seconds =
        (Date.parse(result.session.expiresAt) - Date.parse(result.session.signedInAt)) / 1000
      return json(result, 200, setCookie(request, result.token, seconds))
    }
    if (path === 'me' && method === 'GET')
      return json({ session: await siwx.session(tokenOf(request)) })
    if (path === 'sign-out' && method === 'POST') {
      await siwx.signOut(tokenOf(request))
      return json({ success: true }, 200, setCookie(request, '', 0))
    }
    if (path === 'revoke' && method === 'POST') {
      const caller = await siwx.session(tokenOf(request))
      const body = await readJson(request)
      const token = (body as { token?: unknown } | undefined)?.token
      if (typeof token !== 'string' || token.length === 0) {
        throw new SiwxError(400, 'token must be a non-empty string')
      }
      const target = await siwx.session(token)
      if (target.caipAddress !== caller.caipAddress) {
        throw new SiwxError(403, 'the token belongs to another account')
      }
      await siwx.signOut(token)
      return json({ success: true })
    }
    const known = ['nonce', 'authenticate', 'me', 'sign-out', 'revoke'].includes(path)
    return known
      ? json({ error: `${method} not allowed on ${base}/${path}` }, 405, {
          Allow: path === 'nonce' || path === 'me' ? 'GET' : 'POST',
        })
      : json({ error: `no route ${base}/${path}` }, 404)
  }

  return {
    /** Answers one request to the sign-in routes (a 404 for any other path). */
    async handle(request: Request): Promise<Response> {
      const cors = corsHeaders(request)
      if (request.method === 'OPTIONS') {
        const asked = request.headers.get('access-control-request-headers')
        return new Response(null, {
          status: 204,
          headers: {
            ...cors,
            'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
            'Access-Control-Allow-Headers': asked ?? 'Content-Type, Authorization',
            'Access-Control-Max-Age': '600',
          },
        })
      }
      const { pathname } = new URL(request.url)
      const path = pathname.startsWith(`${base}/`) ? pathname.slice(base.length + 1) : undefined
      let response: Response
      try {
        response =
          path === undefined
            ? json({ error: `no route ${pathname}` }, 404)
            : await route(request, path)
      } catch (error) {
        if (!(error instanceof SiwxError)) throw error
        const headers =
          error.status === 401 ? { ...bearerChallenge(realm), ...error.headers } : error.headers
        response = json({ error: error.message }, error.status, headers)
      }
      for (const [name, value] of Object.entries(cors)) response.headers.set(name, value)
      return response
    },

    /**
     * The signed-in account of a request to the app's own routes (bearer token or cookie);
     * rejects with a `SiwxError` (401: no token, forged, expired or signed out; 503: store down).
     */
    async verifyRequest(request: Request): Promise<VerifiedRequest> {
      const token = tokenOf(request)
      return { session: await siwx.session(token), token }
    },

    /** The same checks without HTTP, for tests and other transports. */
    siwx,
  }
}

export type SiwxServer = ReturnType<typeof createSiwxServer>
