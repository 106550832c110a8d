import type { PublicClient } from 'viem'
import { parseSiweMessage } from 'viem/siwe'
import { originMatches } from '../../config/origins.js'
import { HttpError } from '../../kernel/reply.js'
import { type AuthenticateBody, BodyError, type Cacao, parseAuthenticateBody } from './body.js'
import { ISSUED_AT_MAX_SKEW_MS, SESSION_TTL_MS } from './constants.js'
import { BEARER_CHALLENGE, parseBearer, parseOriginHeader } from './headers.js'
import {
  caipNetworkIdOf,
  parseSignInMessage,
  type SignInMessage,
  SignInMessageError,
} from './message.js'
import { createNonceStore, type NonceRefusal } from './nonces.js'
import { createSessionTokens, type SiwxSession, TokenError } from './tokens.js'
import {
  type Verification,
  type VerifyContext,
  verifyBitcoin,
  verifyEip155,
  verifySolana,
} from './verify.js'

export type SiwxServiceOptions = {
  /** The eip155 chains sign-in accepts (CAIP-2 id → a client on that chain, for verification). */
  evmChains: ReadonlyMap<string, PublicClient>
  /** Accepted chains of other namespaces (CAIP-2: `solana:…`, `bip122:…`). */
  otherChains?: readonly string[]
  /** The project's allowed origins (`*` patterns), read on every sign-in. */
  allowedOrigins: () => readonly string[]
  /** The server clock in milliseconds; `Date.now` by default. Tests move it. */
  now?: () => number
}

type SignInResult = { token: string; session: SiwxSession }

export type SiwxService = {
  /** A fresh single-use nonce and when it stops being accepted (ISO 8601). */
  nonce(): { nonce: string; expiresAt: string }
  /**
   * Checks a signed sign-in message (or a CACAO) from a page on `origin`, consumes its nonce and
   * answers a session token. Throws `HttpError` (4xx) naming the reason of a refusal; a refused
   * attempt leaves its nonce usable.
   */
  authenticate(request: { origin: string | undefined; body: unknown }): Promise<SignInResult>
  /** The session an `Authorization: Bearer …` header carries; 401 otherwise. */
  session(authorization: string | undefined): Promise<SiwxSession>
  /** Revokes the bearer token; later `session` calls with it are 401. */
  signOut(authorization: string | undefined): Promise<SiwxSession>
  /** Every CAIP-2 chain a message may name. */
  acceptedChains(): string[]
}

const NONCE_ERRORS: Record<NonceRefusal, string> = {
  unknown: 'unknown nonce',
  used: 'nonce already used',
  expired: 'nonce expired',
}

/** The text a CACAO's signature covers, as the wallet formatted it (WalletConnect's own code). */
async function cacaoMessage(cacao: Cacao): Promise<string> {
  // Loaded on the first CACAO only: the package is large and most sign-ins are plain messages.
  const { formatMessage } = await import('@walletconnect/utils')
  try {
    return formatMessage(cacao.p, cacao.p.iss)
  } catch (error) {
    throw new HttpError(400, `invalid cacao: ${(error as Error).message}`)
  }
}

const time = (date: Date | undefined) => date?.getTime()
const orUndefined = <T>(value: T | '' | undefined) => (value === '' ? undefined : value)

/**
 * EIP-4361 messages are read by viem's `parseSiweMessage` as well, and must say the same thing
 * to both parsers: viem's regular expressions are lenient (they skip text they do not expect),
 * ours are strict, so any difference means a message crafted to read two ways.
 */
function agreesWithViem(text: string, message: SignInMessage): boolean {
  const viem = parseSiweMessage(text)
  return (
    viem.address?.toLowerCase() === message.address.toLowerCase() &&
    viem.domain === message.domain &&
    viem.scheme === message.scheme &&
    viem.statement === message.statement &&
    viem.uri === message.uri &&
    viem.version === message.version &&
    viem.chainId === Number(message.chainId) &&
    viem.nonce === message.nonce &&
    time(viem.issuedAt) === time(message.issuedAt) &&
    time(viem.expirationTime) === time(message.expirationTime) &&
    time(viem.notBefore) === time(message.notBefore) &&
    orUndefined(viem.requestId) === orUndefined(message.requestId) &&
    JSON.stringify(viem.resources ?? []) === JSON.stringify(message.resources ?? [])
  )
}

/**
 * Sign-in with X for the devnet's API: nonces, message and signature checks, session tokens and
 * sign-out. Every check runs against the server clock `now`, so a test can move time.
 */
export function createSiwxService(options: SiwxServiceOptions): SiwxService {
  const now = options.now ?? Date.now
  const nonces = createNonceStore({ now })
  const tokens = createSessionTokens({ now })
  const accepted = [...options.evmChains.keys(), ...(options.otherChains ?? [])]

  /** The message text and signature a body carries (from its CACAO when it has one). */
  async function signedText(body: AuthenticateBody) {
    if (!body.cacao) {
      return {
        text: body.message as string,
        signature: body.signature as string,
        via: 'message' as const,
      }
    }
    const text = await cacaoMessage(body.cacao)
    if (body.message !== undefined && body.message !== text) {
      throw new HttpError(400, 'message does not match the cacao')
    }
    if (body.signature !== undefined && body.signature !== body.cacao.s.s) {
      throw new HttpError(400, 'signature does not match the cacao')
    }
    return { text, signature: body.cacao.s.s, via: 'cacao' as const }
  }

  function verify(context: VerifyContext): Promise<Verification> {
    const { message } = context
    const chain = caipNetworkIdOf(message)
    if (message.namespace === 'eip155') {
      const client = options.evmChains.get(chain)
      if (!client) throw new Error(`no client for ${chain}`)
      return verifyEip155(client, context)
    }
    return message.namespace === 'solana' ? verifySolana(context) : verifyBitcoin(context)
  }

  async function withToken<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run()
    } catch (error) {
      if (error instanceof TokenError) throw new HttpError(401, error.reason, BEARER_CHALLENGE)
      throw error
    }
  }

  return {
    nonce() {
      const { nonce, expiresAt } = nonces.issue()
      return { nonce, expiresAt: new Date(expiresAt).toISOString() }
    },

    async authenticate(request) {
      let body: AuthenticateBody
      try {
        body = parseAuthenticateBody(request.body)
      } catch (error) {
        if (error instanceof BodyError) throw new HttpError(400, error.message)
        throw error
      }
      const origin = parseOriginHeader(request.origin)
      if (!options.allowedOrigins().some((pattern) => originMatches(origin.origin, pattern))) {
        throw new HttpError(403, `origin not allowed: ${origin.origin}`)
      }

      const { text, signature, via } = await signedText(body)
      let message: SignInMessage
      try {
        message = parseSignInMessage(text)
      } catch (error) {
        if (error instanceof SignInMessageError) {
          throw new HttpError(400, `invalid message: ${error.message}`)
        }
        throw error
      }
      if (message.namespace === 'eip155' && !agreesWithViem(text, message)) {
        throw new HttpError(400, 'invalid message: it does not read the same as EIP-4361')
      }

      // Bound to the page that asks: its host, its scheme if the message names one, its origin
      // for the URI. Another site cannot use a message signed for this one, or the reverse.
      const host = origin.host
      const schemeMatches = !message.scheme || `${message.scheme}:` === origin.protocol
      if (message.domain.toLowerCase() !== host || !schemeMatches) {
        const signedFor = message.scheme ? `${message.scheme}://${message.domain}` : message.domain
        throw new HttpError(
          401,
          `wrong domain: the message is for ${signedFor}, the request comes from ${origin.origin}`,
        )
      }
      let uriOrigin: string
      try {
        uriOrigin = new URL(message.uri).origin
      } catch {
        uriOrigin = 'null'
      }
      if (uriOrigin !== origin.origin) {
        throw new HttpError(401, `wrong URI: ${message.uri} is not on ${origin.origin}`)
      }

      const chain = caipNetworkIdOf(message)
      if (!accepted.includes(chain)) {
        throw new HttpError(
          400,
          `wrong chain: ${chain} is not a devnet chain (accepted: ${accepted.join(', ')})`,
        )
      }

      const at = now()
      if (message.issuedAt.getTime() > at + ISSUED_AT_MAX_SKEW_MS) {
        throw new HttpError(401, 'message issued in the future')
      }
      if (message.expirationTime && at >= message.expirationTime.getTime()) {
        throw new HttpError(401, 'message expired')
      }
      if (message.notBefore && at < message.notBefore.getTime()) {
        throw new HttpError(401, 'message not yet valid')
      }

      const held = nonces.reserve(message.nonce)
      if (!held.ok) throw new HttpError(401, NONCE_ERRORS[held.reason])
      let verification: Verification
      try {
        verification = await verify({ text, message, signature, now: new Date(at) })
      } catch (error) {
        held.reservation.release()
        throw error
      }
      if (!verification.ok) {
        held.reservation.release()
        throw new HttpError(
          verification.reason === 'bad signature' ? 401 : 400,
          verification.reason,
        )
      }
      held.reservation.consume()

      const expiresAt = Math.min(
        at + SESSION_TTL_MS,
        message.expirationTime?.getTime() ?? Number.POSITIVE_INFINITY,
      )
      const session: SiwxSession = {
        address: verification.address,
        chainId: chain,
        caipAddress: `${chain}:${verification.address}`,
        accountType: verification.accountType,
        domain: message.domain,
        uri: message.uri,
        origin: origin.origin,
        via,
        signedInAt: new Date(at).toISOString(),
        expiresAt: new Date(expiresAt).toISOString(),
      }
      return { token: await tokens.issue(session), session }
    },

    session: (authorization) => withToken(() => tokens.verify(parseBearer(authorization))),
    signOut: (authorization) => withToken(() => tokens.revoke(parseBearer(authorization))),
    acceptedChains: () => [...accepted],
  }
}
