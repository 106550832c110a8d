export { TELEMETRY_EVENTS_PER_WINDOW } from './constants.js'
export type {
  TelemetryEvent,
  TelemetryEventName,
  TelemetryProps,
  TelemetryReport,
} from './event.js'
export type { TelemetryFeature, TelemetryInternal } from './feature.js'
export { telemetryFeature } from './feature.js'
export type { RateLimiter } from './rateLimit.js'
export type { TelemetryStatus } from './types.js'
