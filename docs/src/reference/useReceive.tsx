import { useReceive } from '@portico/react'
import { Returned } from '../Returned.js'

/** What useReceive() returns right now, on the devnet. */
export default function UseReceiveExample() {
  const value = useReceive()
  return <Returned value={value} />
}
