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
import { isoDate, isSessionFor, sameAddress, session as sessionValidator } from './session.js'
import type { ServerSiwxOptions, SiwxContext, SiwxServerSession, SiwxSession } from './types.js'

/** How long a call to the sign-in server may take. The same 30 s as every API call. */
export const SIWX_SERVER_TIMEOUT_MS = 30_000

/** The storage key (under the client's prefix) of the server's tokens. */
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

/** What is kept per signed-in account: the server's token and the session it was issued for. */
type StoredToken = { token: string; expiresAt: string; session: SiwxSession }
const storedToken: Validator<StoredToken> = object({
  token,
  expiresAt: isoDate,
  session: sessionValidator,
})
const storedTokens = recordOf(storedToken, caipAccountId)

/** The key of an account: its CAIP-10 id, eip155 addresses in lower case (checksums vary). */
function keyOf(chainId: string, address: string) {
  return `${chainId}:${chainId.startsWith('eip155:') ? address.toLowerCase() : address}`
}

/**
 * Sign-in checked and kept by a server (the devnet's `/auth/v1/*`, or the app's own with the
 * same routes): a nonce from `nonce`, the signed message to `authenticate` (which answers a
 * token), `me` to know the token is still good, `sign-out` to revoke it. Tokens are kept in the
 * client's storage (the spec's stored sign-in tokens) and sent as `Authorization: Bearer`.
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

  const readTokens = (): Record<string, StoredToken> =>
    context.storage.read(SIWX_TOKENS_KEY, storedTokens) ?? {}
  const writeTokens = (tokens: Record<string, StoredToken>) => {
    if (Object.keys(tokens).length === 0) context.storage.remove(SIWX_TOKENS_KEY)
    else context.storage.write(SIWX_TOKENS_KEY, tokens)
  }
  function forget(key: string) {
    const tokens = readTokens()
    const stored = tokens[key]
    delete tokens[key]
    writeTokens(tokens)
    return stored
  }
  /** The session with the earlier of its message's expiry and the server's (servers cap them). */
  function endingBy(session: SiwxSession, serverEnd: string): SiwxSession {
    const ends = session.data.expirationTime
    const expirationTime = ends && Date.parse(ends) < Date.parse(serverEnd) ? ends : serverEnd
    return { ...session, data: { ...session.data, expirationTime } }
  }
  const isUnauthorized = (error: unknown) =>
    isPorticoError(error, 'API_ERROR') && error.details?.status === 401

  /** Live for this account: not past its expiry here, and the server still knows it. */
  async function me(chainId: CaipNetworkId, address: string) {
    const key = keyOf(chainId, address)
    const stored = readTokens()[key]
    if (!stored) return undefined
    if (!(Date.parse(stored.expiresAt) > context.now())) {
      forget(key)
      return undefined
    }
    try {
      const { session } = await call('GET', SIWX_SERVER_ROUTES.me, meAnswer, {
        bearer: stored.token,
      })
      if (session.chainId !== chainId || !sameAddress(chainId, session.address, address)) {
        forget(key)
        return undefined
      }
      return { stored, session }
    } catch (error) {
      if (!isUnauthorized(error)) throw error
      // Expired, revoked or unknown to the server: signed out.
      forget(key)
      return undefined
    }
  }

  async function revokeSession(chainId: CaipNetworkId, address: string) {
    const stored = forget(keyOf(chainId, address))
    if (!stored) return
    try {
      await call('POST', SIWX_SERVER_ROUTES.signOut, (v) => v, { bearer: stored.token })
    } catch (error) {
      // Forgotten here either way; a token the server no longer knows is signed out already.
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
    writeTokens({
      ...readTokens(),
      [keyOf(chainId, address)]: {
        token: answer.token.slice(0, MAX_TOKEN_LENGTH),
        expiresAt: answer.session.expiresAt,
        session,
      },
    })
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
      for (const [key, stored] of Object.entries(readTokens())) {
        if (!kept.has(key))
          await revokeSession(stored.session.data.chainId, stored.session.data.accountAddress)
      }
      const present = readTokens()
      for (const session of sessions) {
        if (!present[keyOf(session.data.chainId, session.data.accountAddress)]) {
          await addSession(session)
        }
      }
    },
    /**
     * The account's session while the server confirms its token. A server that cannot be
     * reached (down, slow, a malformed answer) does not sign the user out: the stored session
     * holds until its expiry, and the app's own calls with the token decide.
     */
    async getSessions(chainId: CaipNetworkId, address: string): Promise<SiwxSession[]> {
      let live: Awaited<ReturnType<typeof me>>
      try {
        live = await me(chainId, address)
      } catch (error) {
        context.logger.warn('the sign-in server could not confirm the session', error)
        const stored = readTokens()[keyOf(chainId, address)]
        return stored ? [endingBy(stored.session, stored.expiresAt)] : []
      }
      return live ? [endingBy(live.stored.session, live.session.expiresAt)] : []
    },
    /** The account's token, for the app's own calls to its backend. */
    async getToken(chainId: CaipNetworkId, address: string) {
      return readTokens()[keyOf(chainId, address)]?.token
    },
    /** What the server says of the account's session (`me`), or undefined when signed out. */
    async me(chainId: CaipNetworkId, address: string) {
      return (await me(chainId, address))?.session
    },
  }
}
