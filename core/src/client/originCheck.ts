import type { AlertsFeature } from '../alerts/index.js'
import { isOriginAllowed, type ToolkitApi } from '../api/index.js'
import type { Logger } from '../logger/index.js'

/**
 * Spec §5: the page's origin must be in the project's allowed origins, or an invalid-configuration
 * alert is raised. Checked once, when the modal first opens (never at page load).
 */
export function createOriginCheck({
  toolkitApi,
  alerts,
  logger,
  origin,
}: {
  toolkitApi: ToolkitApi
  alerts: AlertsFeature
  logger: Logger
  origin: string | undefined
}) {
  let checked = false
  return async function checkOrigin() {
    if (checked || !origin) return
    checked = true
    try {
      const allowed = await toolkitApi.getAllowedOrigins()
      if (!isOriginAllowed(origin, allowed)) {
        alerts.raise('INVALID_APP_CONFIGURATION', { origin, allowedOrigins: allowed })
      }
    } catch (error) {
      // The check is advisory: a service that cannot answer must not block the user.
      logger.warn('could not check the allowed origins', error)
    }
  }
}
