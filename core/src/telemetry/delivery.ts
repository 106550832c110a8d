import type { FeatureContext } from '../kernel/feature.js'
import { API_REQUEST_TIMEOUT_MS, createToolkitApi } from '../kernel/lazyShared.js'
import { TELEMETRY_EVENTS_PER_WINDOW, TELEMETRY_WINDOW_MS } from './constants.js'
import { createEventId, telemetryCode } from './event.js'
import { createRateLimiter } from './rateLimit.js'
import type { QueuedReport, TelemetryDeps, TelemetryEvent } from './types.js'

/**
 * Error telemetry's delivery (loaded with the first report): the rate limit, the event's body,
 * the events held until the user acts, the project's analytics configuration, read once (a
 * failed read is tried again with the next event), then `POST /e` on the pulse API.
 */
export function createTelemetryDelivery(
  context: FeatureContext,
  { $status, isDestroyed, hasActed, eventPath }: TelemetryDeps,
) {
  const { logger } = context
  const page = globalThis.location
  const limiter = createRateLimiter({
    limit: TELEMETRY_EVENTS_PER_WINDOW,
    windowMs: TELEMETRY_WINDOW_MS,
  })
  const held: TelemetryEvent[] = []
  const toolkit = createToolkitApi(context.api.toolkit)
  const { pulse } = context.api
  let config: Promise<boolean> | undefined

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
    if (!(await enabled()) || isDestroyed()) return
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), API_REQUEST_TIMEOUT_MS)
    try {
      // Its own fetch, not the API client's: the answer does not matter (the hosted service
      // may send no JSON), and `keepalive` lets an error reported as the page closes go out.
      const response = await (context.fetch ?? globalThis.fetch)(pulse.url(eventPath), {
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

  /** Takes reports in the order they came, each at the time it came (the limit's clock). */
  function take(reports: readonly QueuedReport[]) {
    for (const { event, code, at, namespace } of reports) {
      if (isDestroyed()) return
      if (!limiter.take(at)) {
        logger.debug(`error telemetry: more than 5 a minute, ${event} ${code} dropped`)
        continue
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
      else if (held.length < TELEMETRY_EVENTS_PER_WINDOW) held.push(body)
    }
  }

  /** The user acted: what was held goes out. */
  function flush() {
    for (const event of held.splice(0)) void deliver(event)
  }

  return { deliver, take, flush, clear: () => void held.splice(0) }
}
