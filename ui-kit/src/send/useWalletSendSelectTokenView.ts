import type { TokenBalance } from '@portico/core'
import { useModal, useSendToken } from '@portico/react'
import { useCallback, useMemo, useState } from 'react'

/** The WalletSendSelectToken view's state. */
export type WalletSendSelectTokenViewState = {
  query: string
  setQuery(query: string): void
  /** The account's tokens whose symbol or name contain the query. */
  tokens: readonly TokenBalance[]
  /** Picks the token and goes back to the form. */
  select(token: TokenBalance): void
}

/** The WalletSendSelectToken view-model: filter the account's tokens, pick one. */
export function useWalletSendSelectTokenView(): WalletSendSelectTokenViewState {
  const { tokens, setToken } = useSendToken()
  const { back } = useModal()
  const [query, setQuery] = useState('')
  const select = useCallback(
    (token: TokenBalance) => {
      setToken(token)
      back()
    },
    [setToken, back],
  )
  return useMemo(() => {
    const needle = query.trim().toLowerCase()
    const shown = tokens.filter((t) => `${t.symbol} ${t.name}`.toLowerCase().includes(needle))
    return { query, setQuery, tokens: shown, select }
  }, [query, tokens, select])
}
