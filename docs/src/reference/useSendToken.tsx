import { useSendToken } from '@portico/react'
import { Returned } from '../Returned.js'

/** What useSendToken() returns right now, on the devnet. */
export default function UseSendTokenExample() {
  const value = useSendToken()
  return <Returned value={value} />
}
