import { atom } from 'nanostores'
import { type AlertCode, alertCatalogue } from '../errors/index.js'
import { defineFeature } from '../kernel/feature.js'
import { afterPaint } from '../kernel/schedule.js'
import { modalFeature } from '../modal/feature.js'
import { isPlaceholderProjectId } from './projectId.js'
import type { Alert, AlertsFeature, AlertsInternal } from './types.js'

/**
 * Alerts for the app developer. A missing project id (or a placeholder left from a template)
 * raises one at once; the page's origin is checked against the project's allowed origins when the
 * modal first opens (never at page load; that check is the heavy half), and an origin not on the
 * list raises the invalid-configuration alert.
 */
export const alertsFeature = defineFeature({
  name: 'alerts',
  needs: [modalFeature],
  lazy: () => import('./lazy.js'),
  create(context, _options, lazy): { public: AlertsFeature; internal: AlertsInternal } {
    const { logger, options } = context
    const $alerts = atom<readonly Alert[]>([])
    let nextId = 1
    function raise(code: AlertCode, details?: Record<string, unknown>) {
      if ($alerts.get().some((alert) => alert.code === code)) return
      const { message, hint } = alertCatalogue[code]
      logger.error(`${message}. ${hint}`, details)
      $alerts.set([...$alerts.get(), { id: nextId++, code, message, hint, details }])
    }
    const { projectId } = options
    if (!projectId || isPlaceholderProjectId(projectId)) {
      raise('PROJECT_ID_NOT_CONFIGURED', projectId ? { projectId, placeholder: true } : undefined)
    }

    const origin = context.isBrowser && projectId ? globalThis.location?.origin : undefined
    if (origin) {
      const half = lazy({ raise, origin })
      let cancel: (() => void) | undefined
      context.onDestroy(() => cancel?.())
      context.onDestroy(
        context.use(modalFeature).onOpenChange((open) => {
          // Started after the first frame of the open modal: the click stays a short task. Once
          // made, the check is not made again.
          if (open) {
            cancel = afterPaint(() => {
              half
                .use((alerts) => alerts.checkOrigin())
                .catch((error: unknown) => {
                  logger.warn('could not check the allowed origins', error)
                })
            })
          }
        }),
      )
    }
    const feature: AlertsFeature = {
      $alerts,
      dismiss(id) {
        $alerts.set($alerts.get().filter((alert) => alert.id !== id))
      },
    }
    return { public: feature, internal: { ...feature, raise } }
  },
})
