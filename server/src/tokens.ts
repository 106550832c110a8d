import { errors, jwtVerify, SignJWT } from 'jose'
import { MIN_SECRET_BYTES, TOKEN_ISSUER } from './constants.js'
import type { SiwxStore } from './store.js'

/** Who is signed in: what `authenticate` and `me` answer as `session`. */
export type SiwxSession = {
  /** The account as the message wrote it (EIP-55 checksummed for eip155). */
  address: string
  /** CAIP-2, e.g. `eip155:31337`. */
  chainId: string
  /** CAIP-10, e.g. `eip155:31337:0x…`. */
  caipAddress: string
  /** `smartAccount` when the address is a contract (deployed, or counterfactual via ERC-6492). */
  accountType: 'eoa' | 'smartAccount'
  /** The message's domain and URI. */
  domain: string
  uri: string
  /** The origin the sign-in came from (the `Origin` header, else the URI's origin). */
  origin: string
  /** `cacao` for a one-click sign-in (WalletConnect `wallet_authenticate`), else `message`. */
  via: 'message' | 'cacao'
  /** ISO 8601. */
  signedInAt: string
  expiresAt: string
}

export type TokenRefusal = 'invalid token' | 'token expired' | 'signed out'

export class TokenError extends Error {
  constructor(readonly reason: TokenRefusal) {
    super(reason)
  }
}

export type SessionTokens = {
  issue(session: SiwxSession): Promise<string>
  /** The session a token carries and its id; throws `TokenError` if forged, expired or revoked. */
  verify(token: string): Promise<{ jti: string; session: SiwxSession }>
  /** Signs the token out on every instance sharing the store: `verify` refuses it from then on. */
  revoke(token: string): Promise<SiwxSession>
}

/** The secret as bytes; a string is taken as UTF-8 (a random 32+ character string will do). */
export function secretBytes(secret: string | Uint8Array | undefined): Uint8Array {
  if (secret === undefined) return crypto.getRandomValues(new Uint8Array(MIN_SECRET_BYTES))
  const bytes = typeof secret === 'string' ? new TextEncoder().encode(secret) : secret
  if (bytes.length < MIN_SECRET_BYTES) {
    throw new TypeError(`secret must be at least ${MIN_SECRET_BYTES} bytes`)
  }
  return bytes
}

const hex = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')

/**
 * Session tokens: JWTs (HS256, `jose`) carrying the session, with an id (`jti`) and an expiry;
 * sign-out writes the id to the store until the token would have expired. Every instance with
 * the same `secret` accepts the others' tokens; without one a random key is drawn, so a restart
 * signs everyone out and only this instance knows its tokens. `now` is the server clock.
 */
export function createSessionTokens(options: {
  store: SiwxStore
  secret?: string | Uint8Array
  issuer?: string
  now?: () => number
}): SessionTokens {
  const now = options.now ?? Date.now
  const key = secretBytes(options.secret)
  const issuer = options.issuer ?? TOKEN_ISSUER

  async function claims(token: string) {
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        issuer,
        currentDate: new Date(now()),
        requiredClaims: ['jti', 'exp', 'session'],
      })
      const session = payload.session as SiwxSession | undefined
      if (typeof session !== 'object' || session === null || typeof session.address !== 'string') {
        throw new TokenError('invalid token')
      }
      return { jti: payload.jti as string, exp: payload.exp as number, session }
    } catch (error) {
      if (error instanceof TokenError) throw error
      if (error instanceof errors.JWTExpired) throw new TokenError('token expired')
      throw new TokenError('invalid token')
    }
  }

  return {
    issue(session) {
      return new SignJWT({ session })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(issuer)
        .setSubject(session.caipAddress)
        .setAudience(session.origin)
        .setJti(hex(crypto.getRandomValues(new Uint8Array(16))))
        .setIssuedAt(Math.floor(Date.parse(session.signedInAt) / 1000))
        .setExpirationTime(Math.floor(Date.parse(session.expiresAt) / 1000))
        .sign(key)
    },
    async verify(token) {
      const { jti, session } = await claims(token)
      if (await options.store.isRevoked(jti)) throw new TokenError('signed out')
      return { jti, session }
    },
    async revoke(token) {
      const { jti, exp, session } = await claims(token)
      if (!(await options.store.revoke(jti, exp * 1000))) throw new TokenError('signed out')
      return session
    },
  }
}
