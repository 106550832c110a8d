import { useStore } from '@nanostores/react'
import type { Transaction } from '@portico/core'
import { useMemo } from 'react'
import type { QueryResult } from '../async.js'
import { usePortico } from '../context/usePortico.js'

/** What `useTransactionHistory` returns. */
export type UseTransactionHistoryReturnType = QueryResult<readonly Transaction[]> & {
  /** The active chain's transactions, newest first, spam-only ones hidden. */
  transactions: readonly Transaction[]
  /** Activity exists on eip155 only; elsewhere the list stays empty. */
  isSupported: boolean
  hasMore: boolean
  fetchNextPage(): Promise<void>
}

const NONE: readonly Transaction[] = []

/** The connected account's activity; loads while used and when the account or chain changes. */
export function useTransactionHistory(): UseTransactionHistoryReturnType {
  const { history } = usePortico()
  const state = useStore(history.$history)
  const isSupported = useStore(history.$isSupported)
  const hasMore = useStore(history.$hasMore)
  return useMemo(
    () => ({
      ...state,
      transactions: state.data ?? NONE,
      isSupported,
      hasMore,
      refetch: history.refresh,
      fetchNextPage: history.fetchNextPage,
    }),
    [state, isSupported, hasMore, history],
  )
}
