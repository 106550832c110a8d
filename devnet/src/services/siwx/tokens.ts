import { randomBytes } from 'node:crypto'
import { TOKEN_ISSUER } from './constants.js'

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
  /** The `Origin` the sign-in came from. */
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
  /** The session a token carries; throws `TokenError` when it is forged, expired or revoked. */
  verify(token: string): Promise<SiwxSession>
  /** Signs the token out: `verify` refuses it from then on. */
  revoke(token: string): Promise<SiwxSession>
  revokedCount(): number
}

type Claims = { jti: string; exp: number; session: SiwxSession }

// jose is loaded on the first token, not at devnet start.
const loadJose = () => import('jose')

/**
 * Session tokens: JWTs signed with HS256 by a 32-byte key drawn when the devnet starts (so a
 * restarted devnet forgets every session), with a server-side list of revoked token ids for
 * sign-out. `now` is the server clock, shared with the sign-in checks so tests can move it.
 */
export function createSessionTokens(options: { now?: () => number } = {}): SessionTokens {
  const now = options.now ?? Date.now
  const key = new Uint8Array(randomBytes(32))
  // Revoked token ids with their expiry (seconds): kept only while the token could still verify.
  const revoked = new Map<string, number>()

  function sweep() {
    const seconds = now() / 1000
    for (const [jti, exp] of revoked) if (exp <= seconds) revoked.delete(jti)
  }

  async function claims(token: string): Promise<Claims> {
    const { jwtVerify, errors } = await loadJose()
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        issuer: TOKEN_ISSUER,
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
    async issue(session) {
      const { SignJWT } = await loadJose()
      return new SignJWT({ session })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(TOKEN_ISSUER)
        .setSubject(session.caipAddress)
        .setAudience(session.origin)
        .setJti(randomBytes(16).toString('hex'))
        .setIssuedAt(Math.floor(Date.parse(session.signedInAt) / 1000))
        .setExpirationTime(Math.floor(Date.parse(session.expiresAt) / 1000))
        .sign(key)
    },
    async verify(token) {
      const { jti, session } = await claims(token)
      if (revoked.has(jti)) throw new TokenError('signed out')
      return session
    },
    async revoke(token) {
      const { jti, exp, session } = await claims(token)
      if (revoked.has(jti)) throw new TokenError('signed out')
      sweep()
      revoked.set(jti, exp)
      return session
    },
    revokedCount: () => revoked.size,
  }
}
