import { HttpError, json, objectBody } from '../../kernel/reply.js'
import type { Route } from '../../kernel/router.js'

/** The project's configuration, as the devnet answers it; a test may turn analytics off. */
export type ProjectSettings = { allowedOrigins: readonly string[]; analyticsEnabled: boolean }

/**
 * Project configuration: `GET /projects/v1/origins` and `GET /getAnalyticsConfig`, and the
 * analytics switch a test turns (`POST /__devnet/analytics-config`, a control route).
 */
export const projectRoutes = (settings: ProjectSettings): Route[] => [
  {
    method: 'GET',
    path: '/projects/v1/origins',
    handle: () => json({ allowedOrigins: [...settings.allowedOrigins] }),
  },
  {
    method: 'GET',
    path: '/getAnalyticsConfig',
    handle: () => json({ isAnalyticsEnabled: settings.analyticsEnabled }),
  },
  {
    method: 'POST',
    path: '/__devnet/analytics-config',
    kind: 'control',
    handle({ body }) {
      const { isAnalyticsEnabled } = objectBody(body)
      if (typeof isAnalyticsEnabled !== 'boolean') {
        throw new HttpError(400, 'expected { isAnalyticsEnabled: boolean }')
      }
      settings.analyticsEnabled = isAnalyticsEnabled
      return json({ isAnalyticsEnabled })
    },
  },
]
