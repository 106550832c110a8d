import { atom, type ReadableAtom } from 'nanostores'
import { type AlertCode, alertCatalogue } from '../errors/index.js'
import type { Logger } from '../logger/index.js'

export type Alert = {
  id: number
  code: AlertCode
  message: string
  hint: string
  /** Extra detail for the developer (an origin, a URL). */
  details?: Record<string, unknown>
}

export type AlertsFeature = {
  $alerts: ReadableAtom<readonly Alert[]>
  /** Raises an alert once; raising a code that is already up does nothing. */
  raise(code: AlertCode, details?: Record<string, unknown>): void
  dismiss(id: number): void
  clear(): void
}

export function createAlerts({ logger }: { logger: Logger }): AlertsFeature {
  const $alerts = atom<readonly Alert[]>([])
  let nextId = 1
  return {
    $alerts,
    raise(code, details) {
      if ($alerts.get().some((alert) => alert.code === code)) return
      const { message, hint } = alertCatalogue[code]
      logger.error(`${message}. ${hint}`, details)
      $alerts.set([...$alerts.get(), { id: nextId++, code, message, hint, details }])
    },
    dismiss(id) {
      $alerts.set($alerts.get().filter((alert) => alert.id !== id))
    },
    clear() {
      $alerts.set([])
    },
  }
}
