import type { CaipNetworkId } from '../caip/index.js'
import {
  caipAccountId,
  caipNetworkId,
  cleanDisplayText,
  isPorticoError,
  isRecord,
  object,
  oneOf,
  PorticoError,
  recordOf,
} from '../kit.js'
import type { Message } from '../messages/index.js'
import type { Validator } from '../storage/index.js'
import { newSignInMessage } from './message.js'
import {
  isoDate,
  isSessionActive,
  isSessionFor,
  sameAddress,
  session as sessionValidator,
} from './session.js'
import type { ServerSiwxOptions, SiwxContext, SiwxServerSession, SiwxSession } from './types.js'

/** How long a call to the sign-in server may take. The same 30 s as every API call. */
export const SIWX_SERVER_TIMEOUT_MS = 30_000

/**
 * The storage key (under the client's prefix) of the sessions the server accepted: what was
 * signed and until when, never the bearer token (see createServerImpl). The name is the spec's
 * "sign-in tokens" key, kept so that a token an older version wrote there is found and erased.
 */
export const SIWX_TOKENS_KEY = 'siwx_tokens'

/** The routes of a sign-in server, under its base URL (`<toolkit>/auth/v1` by default). */
export const SIWX_SERVER_ROUTES = {
  nonce: 'nonce',
  authenticate: 'authenticate',
  me: 'me',
  signOut: 'sign-out',
} as const

/** The server refused the sign-in; `reason` is its own words (shown as text). */
function refusedMessage(reason: string): Message {
  return { key: 'siwx.refused', params: { reason } }
}

/** Longest server words kept in an error (they are shown as text). */
const MAX_REASON_LENGTH = 200
/** Longest token kept (a JWT is a few hundred characters). */
const MAX_TOKEN_LENGTH = 8_192

const token: Validator<string> = (value) =>
  typeof value === 'string' && /^[\w.~+/=-]{1,8192}$/.test(value) ? value : undefined

/** The server's view of a session (`me`, `authenticate`). */
export const serverSession: Validator<SiwxServerSession> = object(
  {
    address: (v) => (typeof v === 'string' && v.length > 0 && v.length <= 128 ? v : undefined),
    chainId: caipNetworkId as Validator<CaipNetworkId>,
    caipAddress: caipAccountId as Validator<SiwxServerSession['caipAddress']>,
    expiresAt: isoDate,
  },
  {
    accountType: oneOf(['eoa', 'smartAccount']),
    via: oneOf(['message', 'cacao']),
    signedInAt: isoDate,
    domain: (v) => cleanDisplayText(v, 256),
    uri: (v) => cleanDisplayText(v, 2_048),
    origin: (v) => cleanDisplayText(v, 256),
  },
)

const nonceAnswer = object({ nonce: (v) => (typeof v === 'string' ? v : undefined) })
const authenticateAnswer = object({ token, session: serverSession })
const meAnswer = object({ session: serverSession })

/** What is kept in storage per signed-in account: the signed session and the server's expiry. */
type StoredSession = { expiresAt: string; session: SiwxSession }
// The validator keeps only these fields: a token an older version stored is dropped on read.
const storedSession: Validator<StoredSession> = object({
  expiresAt: isoDate,
  session: sessionValidator,
})
const storedSessions = recordOf(storedSession, caipAccountId)

/** The key of an account: its CAIP-10 id, eip155 addresses in lower case (checksums vary). */
function keyOf(chainId: string, address: string) {
  return `${chainId}:${chainId.startsWith('eip155:') ? address.toLowerCase() : address}`
}

/**
 * Sign-in checked and kept by a server (the devnet's `/auth/v1/*`, or the app's own with the
 * same routes): a nonce from `nonce`, the signed message to `authenticate` (which answers a
 * token), `me` to know the session is still good, `sign-out` to revoke it.
 *
 * Where the session lives: the bearer token only in this page's memory (sent as
 * `Authorization: Bearer`), never in storage, which every script of the origin reads; every call
 * is made with `credentials: 'include'`, so an HttpOnly cookie the app's server sets with the
 * token carries the session across reloads, out of scripts' reach. Storage keeps what was signed
 * (message, signature, the server's expiry), which is no credential (the server's nonces are
 * single-use), so that a reload can show the session once `me` confirms it. Nothing read from
 * storage counts until the server confirms it; a server that cannot be reached is not signed in
 * for required sign-in, and keeps only what it confirmed on this page for optional sign-in.
 */
export function createServerImpl(options: ServerSiwxOptions, context: SiwxContext) {
  const base = options.url?.replace(/\/+$/, '')
  const urlOf = (route: string) =>
    base ? `${base}/${route}` : context.toolkitUrl(`auth/v1/${route}`)

  async function call<T>(
    method: 'GET' | 'POST',
    route: string,
    validate: Validator<T>,
    { body, bearer }: { body?: unknown; bearer?: string } = {},
  ): Promise<T> {
    const label = `${method} ${route}`
    const controller = new AbortController()
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort()
    }, SIWX_SERVER_TIMEOUT_MS)
    try {
      const headers: Record<string, string> = {}
      if (body !== undefined) headers['Content-Type'] = 'application/json'
      if (bearer) headers.Authorization = `Bearer ${bearer}`
      let response: Response
      let json: unknown
      try {
        response = await context.fetch(urlOf(route), {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          // The app's server may keep the session in an HttpOnly cookie (see above).
          credentials: 'include',
          signal: controller.signal,
        })
        json = await response.json().catch(() => undefined)
      } catch (cause) {
        if (timedOut) throw new PorticoError('API_TIMEOUT', `${label} timed out`, { cause })
        throw new PorticoError('API_ERROR', `${label} failed`, { cause })
      }
      if (!response.ok) {
        const status = response.status
        // The server's words, cleaned: shown as text, never as markup.
        const reason = isRecord(json) ? cleanDisplayText(json.error, MAX_REASON_LENGTH) : undefined
        const refused = route === SIWX_SERVER_ROUTES.authenticate && status >= 400 && status < 500
        throw new PorticoError(
          'API_ERROR',
          `${label} answered ${status}${reason ? `: ${reason}` : ''}`,
          {
            details: {
              status,
              ...(reason ? { serverError: reason } : {}),
              ...(refused ? { message: refusedMessage(reason ?? String(status)) } : {}),
            },
          },
        )
      }
      const parsed = validate(json)
      if (parsed === undefined) {
        throw new PorticoError('INVALID_RESPONSE', `${label} returned an unexpected shape`)
      }
      return parsed
    } finally {
      clearTimeout(timer)
    }
  }

  /** The bearer tokens the server issued on this page, by account: memory only. */
  const tokens = new Map<string, { token: string; expiresAt: string }>()
  /** Sessions the server confirmed on this page, by account (what a server outage keeps). */
  const confirmed = new Map<string, SiwxSession>()

  const readStored = (): Record<string, StoredSession> =>
    context.storage.read(SIWX_TOKENS_KEY, storedSessions) ?? {}
  const writeStored = (stored: Record<string, StoredSession>) => {
    if (Object.keys(stored).length === 0) context.storage.remove(SIWX_TOKENS_KEY)
    else context.storage.write(SIWX_TOKENS_KEY, stored)
  }
  // Rewritten once through its validator: a bearer token an older version kept there is erased.
  writeStored(readStored())

  /** Forgets the account here (memory and storage); whether anything was known of it. */
  function forget(key: string): boolean {
    const stored = readStored()
    const known = key in stored || tokens.has(key) || confirmed.has(key)
    delete stored[key]
    writeStored(stored)
    tokens.delete(key)
    confirmed.delete(key)
    return known
  }
  /** The session with the earlier of its message's expiry and the server's (servers cap them). */
  function endingBy(session: SiwxSession, serverEnd: string): SiwxSession {
    const ends = session.data.expirationTime
    const expirationTime = ends && Date.parse(ends) < Date.parse(serverEnd) ? ends : serverEnd
    return { ...session, data: { ...session.data, expirationTime } }
  }
  const isUnauthorized = (error: unknown) =>
    isPorticoError(error, 'API_ERROR') && error.details?.status === 401

  /**
   * What the server says of this account: its session (through this page's token, or the
   * server's cookie when the page has none), or undefined when it is signed out. Throws when
   * the server cannot say.
   */
  async function me(chainId: CaipNetworkId, address: string) {
    const key = keyOf(chainId, address)
    const held = tokens.get(key)
    if (held && !(Date.parse(held.expiresAt) > context.now())) {
      forget(key)
      return undefined
    }
    try {
      const { session } = await call('GET', SIWX_SERVER_ROUTES.me, meAnswer, {
        bearer: held?.token,
      })
      if (session.chainId !== chainId || !sameAddress(chainId, session.address, address)) {
        forget(key)
        return undefined
      }
      return session
    } catch (error) {
      if (!isUnauthorized(error)) throw error
      // Expired, revoked or unknown to the server: signed out.
      forget(key)
      return undefined
    }
  }

  async function revokeSession(chainId: CaipNetworkId, address: string) {
    const key = keyOf(chainId, address)
    const token = tokens.get(key)?.token
    if (!forget(key)) return
    try {
      // The token when this page has it; the cookie goes along either way.
      await call('POST', SIWX_SERVER_ROUTES.signOut, (v) => v, { bearer: token })
    } catch (error) {
      // Forgotten here either way; a session the server no longer knows is signed out already.
      if (!isUnauthorized(error)) context.logger.warn('the server sign-out failed', error)
    }
  }

  async function addSession(session: SiwxSession) {
    // One-click: the CACAO alone; the server rebuilds the text its signature covers.
    const body = session.cacao
      ? { cacao: session.cacao }
      : { message: session.message, signature: session.signature }
    const answer = await call('POST', SIWX_SERVER_ROUTES.authenticate, authenticateAnswer, {
      body,
    })
    const { chainId, address } = answer.session
    if (!isSessionFor(session, chainId, address)) {
      throw new PorticoError('INVALID_RESPONSE', 'The server signed in another account')
    }
    const key = keyOf(chainId, address)
    tokens.set(key, {
      token: answer.token.slice(0, MAX_TOKEN_LENGTH),
      expiresAt: answer.session.expiresAt,
    })
    confirmed.set(key, endingBy(session, answer.session.expiresAt))
    writeStored({ ...readStored(), [key]: { expiresAt: answer.session.expiresAt, session } })
  }

  return {
    async createMessage({
      accountAddress,
      chainId,
    }: {
      accountAddress: string
      chainId: CaipNetworkId
    }) {
      const { nonce } = await call('GET', SIWX_SERVER_ROUTES.nonce, nonceAnswer)
      return newSignInMessage(context, options, { accountAddress, chainId }, nonce)
    },
    addSession,
    revokeSession,
    async setSessions(sessions: readonly SiwxSession[]) {
      const kept = new Set(sessions.map((s) => keyOf(s.data.chainId, s.data.accountAddress)))
      for (const [key, stored] of Object.entries(readStored())) {
        if (!kept.has(key))
          await revokeSession(stored.session.data.chainId, stored.session.data.accountAddress)
      }
      for (const session of sessions) {
        if (!tokens.has(keyOf(session.data.chainId, session.data.accountAddress))) {
          await addSession(session)
        }
      }
    },
    /**
     * The account's session while the server confirms it (`me`, with this page's token or the
     * server's cookie): the signed session kept here, ending when the server says. Storage alone
     * is never believed. A server that cannot be reached (down, slow, a malformed answer) is not
     * signed in for required sign-in; optional sign-in keeps what the server confirmed on this
     * page until it expires.
     */
    async getSessions(chainId: CaipNetworkId, address: string): Promise<SiwxSession[]> {
      const key = keyOf(chainId, address)
      let live: SiwxServerSession | undefined
      try {
        live = await me(chainId, address)
      } catch (error) {
        context.logger.warn('the sign-in server could not confirm the session', error)
        const held = confirmed.get(key)
        if (options.required || !held || !isSessionActive(held, context.now())) return []
        return [held]
      }
      if (!live) return []
      const stored = readStored()[key]
      // Signed in on the server, but what was signed is not here (another browser profile's
      // cookie, storage cleared): the user signs again.
      if (!stored || !isSessionFor(stored.session, chainId, address)) return []
      const session = endingBy(stored.session, live.expiresAt)
      confirmed.set(key, session)
      return [session]
    },
    /** The account's token (this page's memory), for the app's own calls to its backend. */
    async getToken(chainId: CaipNetworkId, address: string) {
      return tokens.get(keyOf(chainId, address))?.token
    },
    /** What the server says of the account's session (`me`), or undefined when signed out. */
    async me(chainId: CaipNetworkId, address: string) {
      return me(chainId, address)
    },
  }
}
