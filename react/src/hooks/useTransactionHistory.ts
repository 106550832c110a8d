import { useStore } from '@nanostores/react'
import type { HistoryStatus, Transaction } from '@portico/core'
import { useEffect, useMemo } from 'react'
import { usePortico } from './usePortico.js'

export type UseTransactionHistoryReturnType = {
  /** The active chain's transactions, newest first, spam-only ones hidden. */
  transactions: readonly Transaction[]
  /** 'unsupported' outside eip155 (spec §9: activity is eip155 only). */
  status: HistoryStatus
  hasMore: boolean
  fetchNextPage(): Promise<void>
  refresh(): Promise<void>
}

/** The connected account's activity; loads when mounted and when the account or chain changes. */
export function useTransactionHistory({ enabled = true }: { enabled?: boolean } = {}) {
  const client = usePortico()
  const { history } = client
  const transactions = useStore(history.$transactions)
  const status = useStore(history.$status)
  const hasMore = useStore(history.$hasMore)
  const account = useStore(client.account.$account)
  const caipAddress = account.status === 'connected' ? account.caipAddress : undefined

  useEffect(() => {
    if (enabled && caipAddress) void history.refresh()
  }, [history, enabled, caipAddress])

  return useMemo<UseTransactionHistoryReturnType>(
    () => ({
      transactions,
      status,
      hasMore,
      fetchNextPage: history.fetchNextPage,
      refresh: history.refresh,
    }),
    [transactions, status, hasMore, history],
  )
}
