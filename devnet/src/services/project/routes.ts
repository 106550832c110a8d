import { json } from '../api/reply.js'
import type { RouteModule } from '../api/services.js'

/** Project configuration: `GET /projects/v1/origins` and `GET /getAnalyticsConfig`. */
export const projectRoutes: RouteModule = (services) => [
  {
    method: 'GET',
    path: '/projects/v1/origins',
    handle: () => json({ allowedOrigins: [...services.settings.allowedOrigins] }),
  },
  {
    method: 'GET',
    path: '/getAnalyticsConfig',
    handle: () => json({ isAnalyticsEnabled: services.settings.analyticsEnabled }),
  },
]
