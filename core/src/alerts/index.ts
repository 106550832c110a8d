export type { Alert, AlertsFeature, AlertsInternal } from './feature.js'
export { alertsFeature } from './feature.js'
