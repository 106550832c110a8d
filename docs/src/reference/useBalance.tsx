import { useBalance } from '@portico/react'
import { Returned } from '../Returned.js'

/** What useBalance() returns right now, on the devnet. */
export default function UseBalanceExample() {
  const value = useBalance()
  return <Returned value={value} />
}
