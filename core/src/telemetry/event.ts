import type { ChainNamespace } from '../caip/index.js'

/**
 * What went wrong, by kind: an alert for the app developer, a wallet that failed a request, or an
 * error the user was shown (a failed API call behind "Failed to fetch transactions", a send that
 * failed…).
 */
export type TelemetryEventName = 'ALERT' | 'WALLET_ERROR' | 'ERROR_SHOWN'

/**
 * The `props` of an error event. Identifiers only, never text: an error message can carry an
 * address, a name or a URL with a token in it, a code cannot.
 */
export type TelemetryProps = {
  type: 'error'
  event: TelemetryEventName
  /** An alert code, a PorticoError code or a message key (`history.fetchFailed`). */
  code: string
  /** The chain namespace the user was on (`eip155`, `solana`, …). */
  namespace: ChainNamespace
}

/** The body of `POST /e` on the pulse API. */
export type TelemetryEvent = {
  /** A random UUID (v4), so the service can drop a duplicate delivery. */
  eventId: string
  /** The page's origin only: paths and queries can hold addresses, names or tokens. */
  url: string
  /** The page's host name. */
  domain: string
  /** Milliseconds since the epoch, from the client's clock. */
  timestamp: number
  props: TelemetryProps
}

/** What a sibling feature reports. */
export type TelemetryReport = { event: TelemetryEventName; code: string }

const IDENTIFIER = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/

/**
 * The code as it may leave the page: an identifier (a letter, then up to 63 letters, digits, `_`,
 * `.` or `-`), or `OTHER` for anything else (an app's own toast key could be any text).
 */
export function telemetryCode(code: unknown): string {
  return typeof code === 'string' && IDENTIFIER.test(code) ? code : 'OTHER'
}

/**
 * A version 4 UUID from `crypto.getRandomValues`, which, unlike `crypto.randomUUID`, also exists
 * on pages that are not a secure context (an app on a LAN address over http).
 */
export function createEventId(fillRandom: (bytes: Uint8Array<ArrayBuffer>) => void): string {
  const bytes = new Uint8Array(16)
  fillRandom(bytes)
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
