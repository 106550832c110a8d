import { useStore } from '@nanostores/react'
import type { NativeBalanceState } from '@portico/core'
import { useCallback, useMemo } from 'react'
import type { QueryResult } from '../async.js'
import { usePortico } from '../context/usePortico.js'

/** What `useBalance` returns. */
export type UseBalanceReturnType = QueryResult<NativeBalanceState>

/**
 * The native balance of the connected account, read from the chain when it connects, changes
 * account or chain (cached 30 s). `refetch` reads the chain again, skipping the cache.
 */
export function useBalance(): UseBalanceReturnType {
  const { balances } = usePortico()
  const state = useStore(balances.$nativeBalance)
  const refetch = useCallback(() => balances.refreshNativeBalance({ force: true }), [balances])
  return useMemo(() => ({ ...state, refetch }), [state, refetch])
}
