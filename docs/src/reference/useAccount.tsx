import { useAccount } from '@portico/react'
import { Returned } from '../Returned.js'

/** What useAccount() returns right now, on the devnet. */
export default function UseAccountExample() {
  const value = useAccount()
  return <Returned value={value} />
}
