export { alertsFeature } from './feature.js'
export type { Alert, AlertsFeature, AlertsInternal } from './types.js'
