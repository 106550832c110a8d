import { useStore } from '@nanostores/react'
import type { TokenBalance } from '@portico/core'
import { useCallback, useMemo } from 'react'
import type { QueryResult } from '../async.js'
import { usePortico } from '../context/usePortico.js'

/** What `useTokenBalances` returns. */
export type UseTokenBalancesReturnType = QueryResult<readonly TokenBalance[]> & {
  /** The tokens, empty until loaded. */
  tokens: readonly TokenBalance[]
}

const NONE: readonly TokenBalance[] = []

/**
 * The connected account's tokens. Fetched while a component uses them, and again when the account
 * or chain changes; cached 30 s and shared by every component that asks.
 */
export function useTokenBalances(): UseTokenBalancesReturnType {
  const { balances } = usePortico()
  const state = useStore(balances.$tokenBalances)
  const refetch = useCallback(() => balances.fetchTokenBalances({ forceUpdate: true }), [balances])
  return useMemo(() => ({ ...state, tokens: state.data ?? NONE, refetch }), [state, refetch])
}
