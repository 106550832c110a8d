import { useAlerts } from '@portico/react'
import { Returned } from '../Returned.js'

/** What useAlerts() returns right now, on the devnet. */
export default function UseAlertsExample() {
  const value = useAlerts()
  return <Returned value={value} />
}
