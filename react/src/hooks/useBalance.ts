import { useStore } from '@nanostores/react'
import { useCallback, useMemo } from 'react'
import { usePortico } from './usePortico.js'

export type UseBalanceReturnType = {
  /** Native balance in whole units (`'1.5'`), read from the chain. */
  balance: string | undefined
  symbol: string | undefined
  /** Reads the chain again, skipping the 30 s cache. */
  refetch(): Promise<void>
}

/** The native balance of the connected account. */
export function useBalance(): UseBalanceReturnType {
  const client = usePortico()
  const account = useStore(client.account.$account)
  const refetch = useCallback(() => client.balances.refreshNativeBalance({ force: true }), [client])
  return useMemo(
    () => ({ balance: account.balance, symbol: account.balanceSymbol, refetch }),
    [account.balance, account.balanceSymbol, refetch],
  )
}
