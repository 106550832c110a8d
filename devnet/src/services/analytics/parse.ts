import type { AnalyticsEvent } from './store.js'

/** A body `POST /e` refuses, with the reason the 400 answer carries. */
export class AnalyticsEventError extends Error {}

const MAX_EVENT_ID = 128
const MAX_URL = 2_048
// The longest DNS name.
const MAX_DOMAIN = 253

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function isHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > MAX_URL) return false
  try {
    const { protocol } = new URL(value)
    return protocol === 'http:' || protocol === 'https:'
  } catch {
    return false
  }
}

/**
 * Checks a `POST /e` body: the error event of the spec, `{ eventId, url, domain, timestamp,
 * props }`. Returns it as sent (other keys kept: the devnet stores what it receives), or throws
 * an AnalyticsEventError naming the first field that is wrong.
 */
export function parseAnalyticsEvent(body: unknown): AnalyticsEvent {
  if (!isObject(body)) throw new AnalyticsEventError('expected a JSON object')
  const { eventId, domain, timestamp, props } = body
  if (typeof eventId !== 'string' || eventId.length === 0 || eventId.length > MAX_EVENT_ID) {
    throw new AnalyticsEventError(`eventId must be a string of 1 to ${MAX_EVENT_ID} characters`)
  }
  if (!isHttpUrl(body.url)) throw new AnalyticsEventError('url must be an http(s) URL')
  if (typeof domain !== 'string' || domain.length === 0 || domain.length > MAX_DOMAIN) {
    throw new AnalyticsEventError(`domain must be a string of 1 to ${MAX_DOMAIN} characters`)
  }
  if (typeof timestamp !== 'number' || !Number.isFinite(timestamp) || timestamp < 0) {
    throw new AnalyticsEventError('timestamp must be a non-negative number')
  }
  if (!isObject(props)) throw new AnalyticsEventError('props must be an object')
  return body as AnalyticsEvent
}
