import type { FeatureContext } from '../kernel/feature.js'
import { API_REQUEST_TIMEOUT_MS, createApiClient, createToolkitApi } from '../kernel/lazyShared.js'
import type { TelemetryDeps, TelemetryEvent } from './types.js'

/**
 * Error telemetry's delivery (loaded with the first event to send, once the user acted): the
 * project's analytics configuration, read once (a failed read is tried again with the next
 * event), then `POST /e` on the pulse API.
 */
export function createTelemetryDelivery(
  context: FeatureContext,
  { $status, isDestroyed, eventPath }: TelemetryDeps,
) {
  const { options, logger } = context
  const toolkit = createToolkitApi(context.api.toolkit)
  const pulse = createApiClient({
    baseUrl: options.apiUrls.pulse,
    projectId: options.projectId,
    fetch: context.fetch,
  })
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

  return { deliver }
}
