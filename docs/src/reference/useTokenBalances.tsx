import { useTokenBalances } from '@portico/react'
import { Returned } from '../Returned.js'

/** What useTokenBalances() returns right now, on the devnet. */
export default function UseTokenBalancesExample() {
  const value = useTokenBalances()
  return <Returned value={value} />
}
