import { createToolkitApi } from '../api/toolkit.js'
import type { LazyContext } from '../kernel/feature.js'
import { createEventId, type TelemetryEvent, telemetryCode } from './event.js'
import { createRateLimiter } from './rateLimit.js'
import type { QueuedReport, TelemetryShell } from './types.js'

/** The rate limit's window: one minute. */
export const TELEMETRY_WINDOW_MS = 60_000
/** The pulse API's error event route. */
export const TELEMETRY_EVENT_PATH = 'e'
/** How long a sent event may take before it is given up: the same 30 s as every API call. */
export const TELEMETRY_SEND_TIMEOUT_MS = 30_000

/**
 * Error telemetry's delivery: the rate limit, the event's body, the events held until the user
 * acts, the project's analytics configuration, read once (a failed read is tried again with the
 * next event), then `POST /e` on the pulse API.
 */
export function createDelivery(
  context: LazyContext,
  { $status, hasActed, perWindow }: TelemetryShell,
) {
  const { logger } = context
  const page = globalThis.location
  const limiter = createRateLimiter({ limit: perWindow, windowMs: TELEMETRY_WINDOW_MS })
  const held: TelemetryEvent[] = []
  const toolkit = createToolkitApi(context.api.toolkit)
  const { pulse } = context.api
  let config: Promise<boolean> | undefined
  let destroyed = false
  context.onDestroy(() => {
    destroyed = true
    held.length = 0
  })

  /** Reads the project's analytics configuration once; a failed read is tried again later. */
  function enabled(): Promise<boolean> {
    config ??= (async () => {
      $status.set('checking')
      try {
        const { isAnalyticsEnabled } = await toolkit.getAnalyticsConfig()
        $status.set(isAnalyticsEnabled ? 'on' : 'disabled')
        return isAnalyticsEnabled
      } catch (error) {
        // Unknown means no: the event is dropped, the next one asks again.
        logger.debug('could not read the analytics configuration', error)
        config = undefined
        $status.set('idle')
        return false
      }
    })()
    return config
  }

  async function deliver(event: TelemetryEvent) {
    if (!(await enabled()) || destroyed) return
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), TELEMETRY_SEND_TIMEOUT_MS)
    try {
      // Its own fetch, not the API client's: the answer does not matter (the hosted service
      // may send no JSON), and `keepalive` lets an error reported as the page closes go out.
      const response = await (context.fetch ?? globalThis.fetch)(pulse.url(TELEMETRY_EVENT_PATH), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(event),
        keepalive: true,
        signal: controller.signal,
      })
      if (!response.ok) logger.debug(`error telemetry answered ${response.status}`)
    } catch (error) {
      // Telemetry never reports its own failures: that could only make more of them.
      logger.debug('could not send error telemetry', error)
    } finally {
      clearTimeout(timer)
    }
  }

  return {
    /** Sends an error at the time it came (the limit's clock), or holds it until the user acts. */
    take({ event, code, at, namespace }: QueuedReport) {
      const status = $status.get()
      if (destroyed || status === 'disabled') return
      if (!limiter.take(at)) {
        logger.debug(`error telemetry: more than 5 a minute, ${event} ${code} dropped`)
        return
      }
      const body: TelemetryEvent = {
        eventId: createEventId((bytes) => {
          crypto.getRandomValues(bytes)
        }),
        url: page?.origin ?? '',
        domain: page?.hostname ?? '',
        timestamp: at,
        props: { type: 'error', event, code: telemetryCode(code), namespace },
      }
      if (hasActed()) void deliver(body)
      // The limiter let at most 5 through this minute: that bounds what waits too.
      else if (held.length < perWindow) held.push(body)
    },
    /** The user acted: what was held goes out. */
    flush() {
      for (const event of held.splice(0)) void deliver(event)
    },
  }
}
