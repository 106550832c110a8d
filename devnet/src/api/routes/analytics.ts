import type { AnalyticsEvent } from '../../analytics/store.js'
import { HttpError, json } from '../reply.js'
import type { RouteModule } from '../services.js'

/** `POST /e`: stores the event body as sent; tests read them with `devnet.events()`. */
export const analyticsRoutes: RouteModule = (services) => [
  {
    method: 'POST',
    path: '/e',
    handle({ body }) {
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        throw new HttpError(400, 'expected a JSON object')
      }
      services.analytics.add(body as AnalyticsEvent)
      return json({ ok: true }, 202)
    },
  },
]
