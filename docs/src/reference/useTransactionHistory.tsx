import { useTransactionHistory } from '@portico/react'
import { Returned } from '../Returned.js'

/** What useTransactionHistory() returns right now, on the devnet. */
export default function UseTransactionHistoryExample() {
  const value = useTransactionHistory()
  return <Returned value={value} />
}
