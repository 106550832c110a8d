import type { ReadableAtom } from 'nanostores'
import type { AlertCode } from '../errors/index.js'

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

/** What the shell hands its heavy half (`lazy.ts`). */
export type AlertsShell = {
  raise: AlertsInternal['raise']
  /** The page's origin, checked against the project's allowed origins. */
  origin: string
}

/** The heavy half: the allowed-origins check. */
export type AlertsHalf = {
  /** Asks the project's allowed origins once, and raises the alert when the page is not on them. */
  checkOrigin(): Promise<void>
}
