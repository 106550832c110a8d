export type { Alert, AlertsFeature } from './createAlerts.js'
export { createAlerts } from './createAlerts.js'
