import { useStore } from '@nanostores/react'
import type { TokenBalance, TokenBalancesStatus } from '@portico/core'
import { useCallback, useEffect, useMemo } from 'react'
import { usePortico } from './usePortico.js'

export type UseTokenBalancesReturnType = {
  tokens: readonly TokenBalance[]
  status: TokenBalancesStatus
  refetch(parameters?: { forceUpdate?: boolean }): Promise<readonly TokenBalance[]>
}

/**
 * The connected account's tokens. Fetched when the component mounts and when the account or chain
 * changes; cached 30 s and shared by every component that asks.
 */
export function useTokenBalances({ enabled = true }: { enabled?: boolean } = {}) {
  const client = usePortico()
  const account = useStore(client.account.$account)
  const status = useStore(client.balances.$tokenBalancesStatus)
  const connected = account.status === 'connected'
  const caipAddress = account.caipAddress

  useEffect(() => {
    if (enabled && connected && caipAddress) void client.balances.fetchTokenBalances()
  }, [client, enabled, connected, caipAddress])

  const refetch = useCallback(
    (parameters?: { forceUpdate?: boolean }) => client.balances.fetchTokenBalances(parameters),
    [client],
  )
  return useMemo<UseTokenBalancesReturnType>(
    () => ({ tokens: account.tokenBalance ?? [], status, refetch }),
    [account.tokenBalance, status, refetch],
  )
}
