import { atom, type ReadableAtom } from 'nanostores'
import { createToolkitApi, isOriginAllowed } from '../api/index.js'
import { type AlertCode, alertCatalogue } from '../errors/index.js'
import { defineFeature } from '../kernel/feature.js'
import { afterPaint } from '../kernel/schedule.js'
import { modalFeature } from '../modal/feature.js'
import { isPlaceholderProjectId } from './projectId.js'

/** A configuration or infrastructure problem the app developer must see. */
export type Alert = {
  id: number
  code: AlertCode
  /** For the developer (logged as it is); the UI renders `alert.<code>` from its messages. */
  message: string
  hint: string
  /** Extra detail for the developer (an origin, a URL). */
  details?: Record<string, unknown>
}

/** Alerts for the app developer (`client.alerts`). */
export type AlertsFeature = {
  /** Configuration and infrastructure problems the app developer must see. */
  $alerts: ReadableAtom<readonly Alert[]>
  dismiss(id: number): void
}

export type AlertsInternal = AlertsFeature & {
  /** Raises an alert once; raising a code that is already up does nothing. */
  raise(code: AlertCode, details?: Record<string, unknown>): void
}

/**
 * Alerts for the app developer. A missing project id (or a placeholder left from a template)
 * raises one at once; the page's origin is
 * checked against the project's allowed origins when the modal first opens (never at page load),
 * and an origin not on the list raises the invalid-configuration alert.
 */
export const alertsFeature = defineFeature({
  name: 'alerts',
  needs: [modalFeature],
  create(context): { public: AlertsFeature; internal: AlertsInternal } {
    const { logger, options } = context
    const $alerts = atom<readonly Alert[]>([])
    let nextId = 1
    function raise(code: AlertCode, details?: Record<string, unknown>) {
      if ($alerts.get().some((alert) => alert.code === code)) return
      const { message, hint } = alertCatalogue[code]
      logger.error(`${message}. ${hint}`, details)
      $alerts.set([...$alerts.get(), { id: nextId++, code, message, hint, details }])
    }
    if (!options.projectId) raise('PROJECT_ID_NOT_CONFIGURED')
    else if (isPlaceholderProjectId(options.projectId)) {
      raise('PROJECT_ID_NOT_CONFIGURED', { projectId: options.projectId, placeholder: true })
    }

    const toolkit = createToolkitApi(context.api.toolkit)
    const origin = context.isBrowser && options.projectId ? globalThis.location?.origin : undefined
    let checked = false
    async function checkOrigin() {
      if (checked || !origin) return
      checked = true
      try {
        const allowed = await toolkit.getAllowedOrigins()
        if (!isOriginAllowed(origin, allowed)) {
          raise('INVALID_APP_CONFIGURATION', { origin, allowedOrigins: allowed })
        }
      } catch (error) {
        // The check is advisory: a service that cannot answer must not block the user.
        logger.warn('could not check the allowed origins', error)
      }
    }
    const modal = context.use(modalFeature)
    let cancel: (() => void) | undefined
    context.onDestroy(() => cancel?.())
    context.onDestroy(
      modal.onOpenChange((open) => {
        // Started after the first frame of the open modal: the click stays a short task.
        if (open && !checked) cancel = afterPaint(() => void checkOrigin())
      }),
    )
    const feature: AlertsFeature = {
      $alerts,
      dismiss(id) {
        $alerts.set($alerts.get().filter((alert) => alert.id !== id))
      },
    }
    return { public: feature, internal: { ...feature, raise } }
  },
})
