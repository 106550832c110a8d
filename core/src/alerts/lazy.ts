import { createToolkitApi, isOriginAllowed } from '../api/toolkit.js'
import type { LazyContext } from '../kernel/feature.js'
import type { AlertsHalf, AlertsShell } from './types.js'

/**
 * The alerts' heavy half: the allowed-origins check, loaded when the modal first opens (never at
 * page load).
 */
export function createLazy(context: LazyContext, { raise, origin }: AlertsShell): AlertsHalf {
  const toolkit = createToolkitApi(context.api.toolkit)
  let checked = false
  return {
    async checkOrigin() {
      if (checked) return
      checked = true
      try {
        const allowed = await toolkit.getAllowedOrigins()
        if (!isOriginAllowed(origin, allowed)) {
          raise('INVALID_APP_CONFIGURATION', { origin, allowedOrigins: allowed })
        }
      } catch (error) {
        // The check is advisory: a service that cannot answer must not block the user.
        context.logger.warn('could not check the allowed origins', error)
      }
    },
  }
}
