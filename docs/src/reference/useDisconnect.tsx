import { useDisconnect } from '@portico/react'
import { Returned } from '../Returned.js'

/** What useDisconnect() returns right now, on the devnet. */
export default function UseDisconnectExample() {
  const value = useDisconnect()
  return <Returned value={value} />
}
