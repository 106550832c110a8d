import { defineService } from '../../kernel/service.js'
import { analyticsRoutes } from './routes.js'
import { type AnalyticsEvent, createAnalyticsStore } from './store.js'

/** The SDK's error telemetry (`POST /e`), kept for tests to read. */
export const analyticsService = defineService({
  name: 'analytics',
  needs: [],
  start: () => ({ api: createAnalyticsStore() }),
  expose: (analytics) => ({
    /** Bodies received on `POST /e`, oldest first. */
    events: (): AnalyticsEvent[] => analytics.list(),
  }),
  routes: (analytics) => analyticsRoutes(analytics),
})
