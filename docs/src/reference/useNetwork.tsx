import { useNetwork } from '@portico/react'
import { Returned } from '../Returned.js'

/** What useNetwork() returns right now, on the devnet. */
export default function UseNetworkExample() {
  const value = useNetwork()
  return <Returned value={value} />
}
