import { HttpError, json } from '../api/reply.js'
import type { RouteModule } from '../api/services.js'
import { AnalyticsEventError, parseAnalyticsEvent } from './parse.js'

/**
 * `POST /e` (the pulse API's error event; the devnet's API server is the SDK's `apiUrls.pulse`
 * too): checks the body has the spec's fields and stores it as sent; tests read them with
 * `devnet.events()` or `GET /__devnet/events`. A bad body is a 400 and stores nothing.
 */
export const analyticsRoutes: RouteModule = (services) => [
  {
    method: 'POST',
    path: '/e',
    handle({ body }) {
      try {
        services.analytics.add(parseAnalyticsEvent(body))
      } catch (error) {
        if (error instanceof AnalyticsEventError) throw new HttpError(400, error.message)
        throw error
      }
      return json({ ok: true }, 202)
    },
  },
]
