import type { SwapToken } from '@portico/core'
import { useModal, useSwap } from '@portico/react'
import { useCallback, useMemo, useState } from 'react'

/** A group of the picker: its key (for its heading text) and its tokens. */
export type SwapTokenGroup = {
  id: 'yourTokens' | 'suggested' | 'moreTokens'
  tokens: readonly SwapToken[]
}

/** The SwapSelectToken view's state. */
export type SwapSelectTokenViewState = {
  /** Which token is being picked: the one that leaves or the one that arrives. */
  side: 'source' | 'target'
  query: string
  setQuery(query: string): void
  /**
   * The tokens matching the search, each once: the account's own first (by value), then the
   * suggested ones, then the rest; empty groups left out.
   */
  groups: readonly SwapTokenGroup[]
  /** The tokens are being loaded. */
  isLoading: boolean
  /** Picks the token for the side and goes back to the form. */
  select(token: SwapToken): void
}

const matches = (token: SwapToken, needle: string) =>
  !needle || `${token.symbol}\n${token.name}\n${token.address}`.toLowerCase().includes(needle)

/** The SwapSelectToken view-model: search the chain's tokens, yours first, pick one. */
export function useSwapSelectTokenView(): SwapSelectTokenViewState {
  const { tokens, tokensState, setSource, setTarget } = useSwap()
  const { back, data } = useModal()
  const side = data?.side === 'target' ? 'target' : 'source'
  const [query, setQuery] = useState('')
  const select = useCallback(
    (token: SwapToken) => {
      void (side === 'source' ? setSource(token) : setTarget(token))
      back()
    },
    [side, setSource, setTarget, back],
  )
  const groups = useMemo(() => {
    const needle = query.trim().toLowerCase()
    const shown = new Set<string>()
    const take = (list: readonly SwapToken[]) =>
      list.filter((token) => {
        if (shown.has(token.address) || !matches(token, needle)) return false
        shown.add(token.address)
        return true
      })
    const all: SwapTokenGroup[] = [
      { id: 'yourTokens', tokens: take(tokens.myTokens) },
      { id: 'suggested', tokens: take(tokens.suggested) },
      { id: 'moreTokens', tokens: take(tokens.tokens) },
    ]
    return all.filter((group) => group.tokens.length > 0)
  }, [query, tokens])
  return useMemo(
    () => ({ side, query, setQuery, groups, isLoading: tokensState.isPending, select }),
    [side, query, groups, tokensState.isPending, select],
  )
}
