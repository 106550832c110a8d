import { MAX_MESSAGE_LENGTH, MAX_SIGNATURE_LENGTH } from './constants.js'

/**
 * A CACAO (CAIP-74) as WalletConnect's one-click sign-in (`wallet_authenticate`) returns it:
 * header, the CAIP-122 payload the wallet signed, and the signature.
 */
export type Cacao = {
  h: { t: 'caip122' }
  p: CacaoPayload
  s: { t: string; s: string; m?: string }
}

export type CacaoPayload = {
  /** `did:pkh:eip155:31337:0x…`: the signing account, CAIP-10 behind `did:pkh:`. */
  iss: string
  domain: string
  aud?: string
  uri?: string
  version: string
  nonce: string
  iat: string
  nbf?: string
  exp?: string
  statement?: string
  requestId?: string
  resources?: string[]
}

/** What `POST /auth/v1/authenticate` takes: a message and its signature, or a CACAO, or both. */
export type AuthenticateBody = { message?: string; signature?: string; cacao?: Cacao }

export class BodyError extends Error {}

/** The signature types a CACAO may carry; each is checked the same way, through the chain. */
const CACAO_SIGNATURE_TYPES = ['eip191', 'eip1271', 'eip6492'] as const

const DID_PKH = /^did:pkh:([-a-z0-9]{3,8}):([-_a-zA-Z0-9]{1,32}):([-.%a-zA-Z0-9]{1,128})$/

function fail(reason: string): never {
  throw new BodyError(reason)
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function text(value: unknown, name: string, max: number): string {
  if (typeof value !== 'string' || value.length === 0) fail(`${name} must be a non-empty string`)
  if (value.length > max) fail(`${name} is longer than ${max} characters`)
  return value
}

function optionalText(record: Record<string, unknown>, key: string, max = MAX_MESSAGE_LENGTH) {
  const value = record[key]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string') fail(`invalid cacao: p.${key} must be a string`)
  if (value.length > max) fail(`invalid cacao: p.${key} is too long`)
  return value
}

/** The account a `did:pkh:` issuer names: namespace, chain reference and address. */
export function parseDidPkh(iss: string): {
  namespace: string
  reference: string
  address: string
} {
  const match = DID_PKH.exec(iss)
  if (!match) fail('invalid cacao: p.iss is not a did:pkh account')
  return {
    namespace: match[1] as string,
    reference: match[2] as string,
    address: match[3] as string,
  }
}

/** Validates a CACAO's shape (not its signature); one-click sign-in is for eip155 accounts only. */
export function parseCacao(value: unknown): Cacao {
  if (!isObject(value)) fail('invalid cacao: expected { h, p, s }')
  const { h, p, s } = value
  if (!isObject(h) || h.t !== 'caip122') fail('invalid cacao: h.t must be "caip122"')
  if (!isObject(p)) fail('invalid cacao: p must be an object')
  if (!isObject(s)) fail('invalid cacao: s must be an object')

  const iss = optionalText(p, 'iss')
  if (iss === undefined) fail('invalid cacao: p.iss is missing')
  if (parseDidPkh(iss).namespace !== 'eip155') {
    fail('invalid cacao: one-click sign-in is for eip155 accounts only')
  }
  const payload: CacaoPayload = {
    iss,
    domain: optionalText(p, 'domain') ?? fail('invalid cacao: p.domain is missing'),
    version: optionalText(p, 'version') ?? fail('invalid cacao: p.version is missing'),
    nonce: optionalText(p, 'nonce') ?? fail('invalid cacao: p.nonce is missing'),
    iat: optionalText(p, 'iat') ?? fail('invalid cacao: p.iat is missing'),
  }
  for (const key of ['aud', 'uri', 'nbf', 'exp', 'statement', 'requestId'] as const) {
    const field = optionalText(p, key)
    if (field !== undefined) payload[key] = field
  }
  if (payload.aud === undefined && payload.uri === undefined) {
    fail('invalid cacao: p.aud (or p.uri) is missing')
  }
  if (p.resources !== undefined && p.resources !== null) {
    if (!Array.isArray(p.resources) || !p.resources.every((r) => typeof r === 'string')) {
      fail('invalid cacao: p.resources must be a list of strings')
    }
    payload.resources = [...(p.resources as string[])]
  }

  if (!(CACAO_SIGNATURE_TYPES as readonly unknown[]).includes(s.t)) {
    fail(`invalid cacao: s.t must be one of ${CACAO_SIGNATURE_TYPES.join(', ')}`)
  }
  const signature: Cacao['s'] = {
    t: s.t as string,
    s: text(s.s, 'cacao s.s', MAX_SIGNATURE_LENGTH),
  }
  if (typeof s.m === 'string') signature.m = s.m
  return { h: { t: 'caip122' }, p: payload, s: signature }
}

/**
 * Reads the body of `POST /auth/v1/authenticate`: `{ message, signature }`, `{ cacao }`, or all
 * three. Other keys (a POST may carry `projectId`) are ignored. Throws `BodyError`.
 */
export function parseAuthenticateBody(body: unknown): AuthenticateBody {
  if (!isObject(body)) fail('expected { message, signature } or { cacao }')
  const parsed: AuthenticateBody = {}
  if (body.cacao !== undefined && body.cacao !== null) parsed.cacao = parseCacao(body.cacao)
  if (body.message !== undefined || !parsed.cacao) {
    parsed.message = text(body.message, 'message', MAX_MESSAGE_LENGTH)
  }
  if (body.signature !== undefined || !parsed.cacao) {
    parsed.signature = text(body.signature, 'signature', MAX_SIGNATURE_LENGTH)
  }
  return parsed
}
