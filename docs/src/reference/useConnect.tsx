import { useConnect } from '@portico/react'
import { Returned } from '../Returned.js'

/** What useConnect() returns right now, on the devnet. */
export default function UseConnectExample() {
  const value = useConnect()
  return <Returned value={value} />
}
