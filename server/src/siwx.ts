import { createPublicClient, http, type PublicClient } from 'viem'
import { parseSiweMessage } from 'viem/siwe'
import { type AuthenticateBody, BodyError, type Cacao, parseAuthenticateBody } from './body.js'
import {
  ISSUED_AT_MAX_SKEW_MS,
  NONCE_BYTES,
  NONCE_MEMORY_MS,
  NONCE_TTL_MS,
  SESSION_TTL_MS,
  STORE_TIMEOUT_MS,
} from './constants.js'
import { guarded } from './guard.js'
import { originMatches, parseOriginHeader, SiwxError } from './headers.js'
import {
  caipNetworkIdOf,
  parseSignInMessage,
  type SignInMessage,
  SignInMessageError,
} from './message.js'
import { createMemoryStore, type SiwxStore } from './store.js'
import { createSessionTokens, type SiwxSession, TokenError } from './tokens.js'
import {
  BITCOIN_ADDRESS_FORMS,
  type Verification,
  type VerifyContext,
  verifyBitcoin,
  verifyEip155,
  verifySolana,
} from './verify.js'

/**
 * A chain sign-in accepts, by CAIP-2 id. An eip155 chain needs a viem public client (or an RPC
 * URL to make one): signatures of smart accounts are checked on the chain (ERC-1271, ERC-6492).
 * Solana and Bitcoin signatures are checked offline: nothing on those chains is read.
 */
export type SiwxChain = string | { id: string; client?: PublicClient; rpcUrl?: string }

export type SiwxCoreOptions = {
  /**
   * The origins a sign-in may come from and be signed for (`https://app.example`; `*` stands
   * for any run of characters: `http://localhost:*`). A function is read on every sign-in.
   */
  domains: readonly string[] | (() => readonly string[])
  chains: readonly SiwxChain[]
  /** Where nonces and revocations live; in memory (one instance) by default. */
  store?: SiwxStore
  /** Longest session in ms (24 h by default); a message's `Expiration Time` may end it sooner. */
  sessionTtl?: number
  /** How long a nonce may be used, in ms (10 min by default). */
  nonceTtl?: number
  /**
   * The key of session tokens (32 bytes or more). Every instance sharing a store needs the
   * same one; without it a random key is drawn (one instance, sessions end on restart).
   */
  secret?: string | Uint8Array
  /** The tokens' `iss` (`portico-server` by default). */
  issuer?: string
  /** Refuse a sign-in without an `Origin` header (browsers always send one on a POST). */
  requireOrigin?: boolean
  /** How long one store call may take before the request is answered 503 (2 s by default). */
  storeTimeout?: number
  /** The server clock in ms; `Date.now` by default. Tests move it. */
  now?: () => number
}

export type SignInResult = { token: string; session: SiwxSession }

const NONCE_ERRORS = { unknown: 'unknown nonce', used: 'nonce already used' } as const

const time = (date: Date | undefined) => date?.getTime()
const orUndefined = <T>(value: T | '' | undefined) => (value === '' ? undefined : value)
const hex = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')

/**
 * EIP-4361 messages are read by viem's `parseSiweMessage` as well (it is what viem verifies),
 * and must say the same thing to both parsers: viem's regular expressions are lenient (they
 * skip text they do not expect), ours are strict, so a difference means a message crafted to
 * read two ways.
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

/** The text a CACAO's signature covers, as the wallet formatted it (WalletConnect's own code). */
async function cacaoMessage(cacao: Cacao): Promise<string> {
  // An optional peer: only one-click sign-in (WalletConnect's `wallet_authenticate`) needs it.
  let formatMessage: (payload: Cacao['p'], iss: string) => string
  try {
    ;({ formatMessage } = await import('@walletconnect/utils'))
  } catch {
    throw new SiwxError(400, 'one-click sign-in is not enabled on this server')
  }
  try {
    return formatMessage(cacao.p, cacao.p.iss)
  } catch (error) {
    throw new SiwxError(400, `invalid cacao: ${(error as Error).message}`)
  }
}

function chainMap(chains: readonly SiwxChain[]) {
  const evm = new Map<string, PublicClient>()
  const others: string[] = []
  for (const chain of chains) {
    const { id, client, rpcUrl } = typeof chain === 'string' ? { id: chain } : chain
    if (id.startsWith('eip155:')) {
      const made = client ?? (rpcUrl ? createPublicClient({ transport: http(rpcUrl) }) : undefined)
      if (!made) throw new TypeError(`chain ${id} needs a client or an rpcUrl`)
      evm.set(id, made as PublicClient)
    } else if (id.startsWith('solana:') || BITCOIN_ADDRESS_FORMS[id]) others.push(id)
    else throw new TypeError(`chain ${id} is not one sign-in can check`)
  }
  return { evm, accepted: [...evm.keys(), ...others] }
}

/**
 * Sign-in checks without HTTP: nonces, the message and signature checks, session tokens and
 * sign-out, every time against the server clock `now`. Refusals are `SiwxError`s.
 */
export function createSiwx(options: SiwxCoreOptions) {
  const now = options.now ?? Date.now
  const nonceTtl = options.nonceTtl ?? NONCE_TTL_MS
  const sessionTtl = options.sessionTtl ?? SESSION_TTL_MS
  const store = guarded(
    options.store ?? createMemoryStore({ now }),
    options.storeTimeout ?? STORE_TIMEOUT_MS,
    NONCE_MEMORY_MS,
  )
  const tokens = createSessionTokens({
    store,
    now,
    ...(options.secret !== undefined ? { secret: options.secret } : {}),
    ...(options.issuer !== undefined ? { issuer: options.issuer } : {}),
  })
  const { evm, accepted } = chainMap(options.chains)
  const domains = () =>
    typeof options.domains === 'function' ? options.domains() : options.domains

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
      throw new SiwxError(400, 'message does not match the cacao')
    }
    if (body.signature !== undefined && body.signature !== body.cacao.s.s) {
      throw new SiwxError(400, 'signature does not match the cacao')
    }
    return { text, signature: body.cacao.s.s, via: 'cacao' as const }
  }

  function verify(context: VerifyContext): Promise<Verification> {
    const chain = caipNetworkIdOf(context.message)
    const client = evm.get(chain)
    if (client) return verifyEip155(client, context)
    return context.message.namespace === 'solana'
      ? verifySolana(context)
      : verifyBitcoin(chain, context)
  }

  function parse(text: string): SignInMessage {
    let message: SignInMessage
    try {
      message = parseSignInMessage(text)
    } catch (error) {
      if (error instanceof SignInMessageError) {
        throw new SiwxError(400, `invalid message: ${error.message}`)
      }
      throw error
    }
    if (message.namespace === 'eip155' && !agreesWithViem(text, message)) {
      throw new SiwxError(400, 'invalid message: it does not read the same as EIP-4361')
    }
    return message
  }

  /** The page the sign-in is for: the `Origin` header, else the message's URI (server calls). */
  function pageOrigin(header: string | undefined, message?: SignInMessage): URL | undefined {
    if (header !== undefined || options.requireOrigin) return parseOriginHeader(header)
    if (!message) return undefined
    try {
      const url = new URL(message.uri)
      if (url.protocol === 'http:' || url.protocol === 'https:') return new URL(url.origin)
    } catch {}
    throw new SiwxError(401, `wrong URI: ${message.uri} is not a web page`)
  }

  function allowed(origin: URL) {
    if (!domains().some((pattern) => originMatches(origin.origin, pattern))) {
      throw new SiwxError(403, `origin not allowed: ${origin.origin}`)
    }
  }

  /**
   * Bound to the page: its host, its scheme if the message names one, its origin for the URI.
   * Another site cannot use a message signed for this one, or the reverse.
   */
  function checkDomain(message: SignInMessage, origin: URL) {
    const schemeMatches = !message.scheme || `${message.scheme}:` === origin.protocol
    if (message.domain.toLowerCase() !== origin.host || !schemeMatches) {
      const signedFor = message.scheme ? `${message.scheme}://${message.domain}` : message.domain
      throw new SiwxError(
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
      throw new SiwxError(401, `wrong URI: ${message.uri} is not on ${origin.origin}`)
    }
  }

  function checkTimes(message: SignInMessage, at: number) {
    if (message.issuedAt.getTime() > at + ISSUED_AT_MAX_SKEW_MS) {
      throw new SiwxError(401, 'message issued in the future')
    }
    if (message.expirationTime && at >= message.expirationTime.getTime()) {
      throw new SiwxError(401, 'message expired')
    }
    if (message.notBefore && at < message.notBefore.getTime()) {
      throw new SiwxError(401, 'message not yet valid')
    }
  }

  /** Runs `check` with the nonce taken; gives it back if the signature was not accepted. */
  async function withNonce(nonce: string, at: number, check: () => Promise<Verification>) {
    const taken = await store.takeNonce(nonce)
    if (!taken.ok) throw new SiwxError(401, NONCE_ERRORS[taken.reason])
    // An expired nonce stays taken: it can never be used again anyway.
    if (at >= taken.expiresAt) throw new SiwxError(401, 'nonce expired')
    const giveBack = () =>
      store.returnNonce(nonce, taken.expiresAt, taken.expiresAt + NONCE_MEMORY_MS)
    let verification: Verification
    try {
      verification = await check()
    } catch (error) {
      await giveBack()
      throw error
    }
    if (!verification.ok) {
      await giveBack()
      throw new SiwxError(verification.reason === 'bad signature' ? 401 : 400, verification.reason)
    }
    return verification
  }

  async function withToken<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run()
    } catch (error) {
      if (error instanceof TokenError) throw new SiwxError(401, error.reason)
      throw error
    }
  }

  return {
    /** A fresh single-use nonce and when it stops being accepted (ISO 8601). */
    async nonce(): Promise<{ nonce: string; expiresAt: string }> {
      const nonce = hex(crypto.getRandomValues(new Uint8Array(NONCE_BYTES)))
      const expiresAt = now() + nonceTtl
      await store.addNonce(nonce, expiresAt, expiresAt + NONCE_MEMORY_MS)
      return { nonce, expiresAt: new Date(expiresAt).toISOString() }
    },

    /**
     * Checks a signed sign-in message (or a CACAO) from a page on `origin`, consumes its nonce
     * and answers a session token. A refused attempt leaves its nonce usable, unless the nonce
     * itself was the reason.
     */
    async authenticate(request: {
      origin: string | undefined
      body: unknown
    }): Promise<SignInResult> {
      let body: AuthenticateBody
      try {
        body = parseAuthenticateBody(request.body)
      } catch (error) {
        if (error instanceof BodyError) throw new SiwxError(400, error.message)
        throw error
      }
      const fromHeader = pageOrigin(request.origin)
      if (fromHeader) allowed(fromHeader)
      const { text, signature, via } = await signedText(body)
      const message = parse(text)
      const origin = fromHeader ?? (pageOrigin(undefined, message) as URL)
      if (!fromHeader) allowed(origin)
      checkDomain(message, origin)

      const chain = caipNetworkIdOf(message)
      if (!accepted.includes(chain)) {
        throw new SiwxError(
          400,
          `wrong chain: ${chain} is not accepted here (accepted: ${accepted.join(', ')})`,
        )
      }
      const at = now()
      checkTimes(message, at)
      const verification = await withNonce(message.nonce, at, () =>
        verify({ text, message, signature, now: new Date(at) }),
      )
      const expiresAt = Math.min(
        at + sessionTtl,
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

    /** The session a token carries; 401 when it is forged, expired or signed out. */
    session: (token: string) => withToken(async () => (await tokens.verify(token)).session),
    /** Signs a token out on every instance sharing the store; 401 if it already was. */
    signOut: (token: string) => withToken(() => tokens.revoke(token)),
    /** Every CAIP-2 chain a message may name. */
    acceptedChains: () => [...accepted],
  }
}

export type Siwx = ReturnType<typeof createSiwx>
