import type { WalletListing } from '@portico/core'
import { type UseWalletsReturnType, useConnectList, useModal, useWallets } from '@portico/react'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { useSentinel } from '../kit/useSentinel.js'
import { selectListedWallet } from './selectWallet.js'

const NONE: readonly WalletListing[] = []

/** The AllWallets view's state. */
export type AllWalletsViewState = UseWalletsReturnType & {
  /** What the search box holds (the search itself runs 300 ms after the last keystroke). */
  query: string
  setQuery(query: string): void
  isSearching: boolean
  /** The wallets to show: search results while searching, every page loaded otherwise. */
  list: readonly WalletListing[]
  /** How many wallets match (the explorer's count, or the search's). */
  shownCount: number
  isLoading: boolean
  /** The list failed to load (not the search). */
  isError: boolean
  /** The search finished with no result. */
  isNoResult: boolean
  /** Opens the wallet's connecting view and asks it. */
  select(wallet: WalletListing): void
  /** Put on an element after the list: the next page loads when it scrolls into view. */
  sentinelRef(element: HTMLElement | null): void
  /** False where IntersectionObserver is missing: offer `fetchNextPage` as a button. */
  canObserve: boolean
}

/** The AllWallets view-model: the explorer's pages, the search, and picking a wallet. */
export function useAllWalletsView(): AllWalletsViewState {
  const { installedConnector } = useConnectList()
  const { push } = useModal()
  const wallets = useWallets()
  const {
    data: all = NONE,
    count,
    status,
    fetchNextPage,
    search,
    setSearch,
    page,
    hasMore,
  } = wallets
  const [query, setQueryState] = useState(search.query)
  const isSearching = query.trim().length > 0
  // The first page loads when the view shows.
  useEffect(() => {
    if (page === 0) void fetchNextPage()
  }, [page, fetchNextPage])
  const { ref: sentinelRef, observable: canObserve } = useSentinel(
    () => void fetchNextPage(),
    !isSearching && hasMore,
  )
  const setQuery = useCallback(
    (next: string) => {
      setQueryState(next)
      setSearch(next)
    },
    [setSearch],
  )
  const select = useCallback(
    (wallet: WalletListing) =>
      selectListedWallet({ installedConnector, connect: wallets.connect }, push, wallet),
    [installedConnector, wallets.connect, push],
  )
  return useMemo(() => {
    const list = isSearching ? search.results : all
    return {
      ...wallets,
      query,
      setQuery,
      isSearching,
      list,
      shownCount: isSearching ? search.count : count,
      isLoading: isSearching ? search.status === 'pending' : status === 'pending',
      isError: !isSearching && status === 'error',
      isNoResult: isSearching && search.status === 'success' && list.length === 0,
      select,
      sentinelRef,
      canObserve,
    }
  }, [
    wallets,
    query,
    setQuery,
    isSearching,
    search,
    all,
    count,
    status,
    select,
    sentinelRef,
    canObserve,
  ])
}
