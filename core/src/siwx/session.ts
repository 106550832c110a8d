import type { CaipNetworkId } from '../caip/index.js'
import { arrayOf, caipNetworkId, isRecord, object, oneOf, string } from '../kit.js'
import type { Validator } from '../storage/index.js'
import type { SiwxCacao, SiwxMessageData, SiwxSession } from './types.js'

/**
 * Sessions: which one is for an account, whether it is still valid, and the validators of what
 * is read back from storage or a server (never trusted as it is).
 */

/** Longest text kept in a stored session: a message or a signature (ERC-6492 ones are long). */
const MAX_TEXT = 65_536

/** An RFC 3339 / ISO 8601 date-time that `Date` reads (what a message's dates are). */
export const isoDate: Validator<string> = (value) =>
  typeof value === 'string' &&
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i.test(value) &&
  Number.isFinite(Date.parse(value))
    ? value
    : undefined

const text =
  (max: number): Validator<string> =>
  (value) =>
    typeof value === 'string' && value.length > 0 && value.length <= max ? value : undefined

export const messageData: Validator<SiwxMessageData> = object(
  {
    accountAddress: text(256),
    chainId: caipNetworkId as Validator<CaipNetworkId>,
    domain: text(256),
    uri: text(2_048),
    version: oneOf(['1']),
    nonce: text(256),
    issuedAt: isoDate,
  },
  {
    expirationTime: isoDate,
    notBefore: isoDate,
    requestId: text(256),
    statement: text(2_048),
    resources: arrayOf(text(2_048)),
  },
)

export const cacao: Validator<SiwxCacao> = (value) => {
  if (!isRecord(value) || !isRecord(value.h) || !isRecord(value.p) || !isRecord(value.s)) {
    return undefined
  }
  const { iss, domain, nonce } = value.p
  if (!string(value.h.t) || !string(value.s.t) || !text(MAX_TEXT)(value.s.s)) return undefined
  if (!string(iss) || !string(domain) || !string(nonce)) return undefined
  return value as SiwxCacao
}

export const session: Validator<SiwxSession> = object(
  { data: messageData, message: text(MAX_TEXT), signature: text(MAX_TEXT) },
  { cacao },
)

/** Addresses compare without case on eip155 (checksums), exactly elsewhere (base58, bech32). */
export function sameAddress(chainId: string, a: string, b: string): boolean {
  return chainId.startsWith('eip155:') ? a.toLowerCase() === b.toLowerCase() : a === b
}

/** Whether the session is the account's on that network. */
export function isSessionFor(session: SiwxSession, chainId: string, address: string): boolean {
  return (
    session.data.chainId === chainId && sameAddress(chainId, session.data.accountAddress, address)
  )
}

/** Whether the session is valid at `now`: not expired, and not before its start. */
export function isSessionActive(session: SiwxSession, now: number): boolean {
  const { expirationTime, notBefore } = session.data
  if (expirationTime !== undefined && !(Date.parse(expirationTime) > now)) return false
  if (notBefore !== undefined && !(Date.parse(notBefore) <= now)) return false
  return true
}

/** The first valid session of the account on that network, if any. */
export function findSession(
  sessions: readonly SiwxSession[],
  chainId: string,
  address: string,
  now: number,
): SiwxSession | undefined {
  return sessions.find((s) => isSessionFor(s, chainId, address) && isSessionActive(s, now))
}
