import { useStore } from '@nanostores/react'
import type { Alert, AlertsFeature } from '@portico/core'
import { useMemo } from 'react'
import { usePortico } from '../context/usePortico.js'

/** What `useAlerts` returns. */
export type UseAlertsReturnType = {
  /** Configuration problems for the app developer (missing project id, unverified origin…). */
  alerts: readonly Alert[]
  dismiss: AlertsFeature['dismiss']
}

/** Configuration alerts for the app developer. */
export function useAlerts(): UseAlertsReturnType {
  const { alerts } = usePortico()
  const list = useStore(alerts.$alerts)
  return useMemo(() => ({ alerts: list, dismiss: alerts.dismiss }), [list, alerts])
}
