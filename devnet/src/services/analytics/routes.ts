import { HttpError, json } from '../../kernel/reply.js'
import type { Route } from '../../kernel/router.js'
import { AnalyticsEventError, parseAnalyticsEvent } from './parse.js'
import type { AnalyticsStore } from './store.js'

/**
 * `POST /e` (the pulse API's error event; the devnet's API server is the SDK's `apiUrls.pulse`
 * too): checks the body has the spec's fields and stores it as sent; tests read them with
 * `devnet.events()` or `GET /__devnet/events`. A bad body is a 400 and stores nothing.
 */
export const analyticsRoutes = (analytics: AnalyticsStore): Route[] => [
  {
    method: 'POST',
    path: '/e',
    handle({ body }) {
      try {
        analytics.add(parseAnalyticsEvent(body))
      } catch (error) {
        if (error instanceof AnalyticsEventError) throw new HttpError(400, error.message)
        throw error
      }
      return json({ ok: true }, 202)
    },
  },
  {
    method: 'GET',
    path: '/__devnet/events',
    kind: 'control',
    handle: () => json({ events: analytics.list() }),
  },
  {
    method: 'DELETE',
    path: '/__devnet/events',
    kind: 'control',
    handle() {
      analytics.clear()
      return json({ events: [] })
    },
  },
]
