import { groupByDay, type TransactionDay } from '@portico/core'
import { type UseTransactionHistoryReturnType, useTransactionHistory } from '@portico/react'
import { useMemo } from 'react'
import { useSentinel } from '../kit/useSentinel.js'

/** The Transactions view's state. */
export type TransactionsViewState = UseTransactionHistoryReturnType & {
  /** The transactions by the local day they were mined, newest first. */
  days: readonly TransactionDay[]
  /** Put on an element after the list: the next page loads when it scrolls into view. */
  sentinelRef(element: HTMLElement | null): void
  /** False where IntersectionObserver is missing: offer `fetchNextPage` as a button. */
  canObserve: boolean
}

/** The Transactions view-model: the active chain's activity by day, loading more at the end. */
export function useTransactionsView(): TransactionsViewState {
  const history = useTransactionHistory()
  const { transactions, hasMore, fetchNextPage } = history
  const { ref: sentinelRef, observable: canObserve } = useSentinel(
    () => void fetchNextPage(),
    hasMore,
  )
  return useMemo(
    () => ({ ...history, days: groupByDay(transactions), sentinelRef, canObserve }),
    [history, transactions, sentinelRef, canObserve],
  )
}
