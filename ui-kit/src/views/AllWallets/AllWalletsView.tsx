import type { WalletListing } from '@portico/core'
import { usePortico, useWallets } from '@portico/react'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { WalletImage } from '../../components/WalletImage.js'
import { useMessages } from '../../messages/useMessages.js'
import type { ViewProps } from '../../modal/types.js'
import { selectListedWallet } from '../selectWallet.js'

export type AllWalletsViewState = ReturnType<typeof useWallets> & {
  select(wallet: WalletListing): void
}

export type AllWalletsViewProps = ViewProps & {
  children?: (state: AllWalletsViewState) => ReactNode
}

/** Every wallet of the explorer: a search box, a count, and pages that load as the list scrolls. */
export function AllWalletsView({ children }: AllWalletsViewProps) {
  const client = usePortico()
  const messages = useMessages()
  const state = useWallets()
  const { all, count, hasMore, status, fetchNextPage, search, setSearch, page } = state
  const [query, setQuery] = useState(search.query)
  const sentinel = useRef<HTMLDivElement>(null)
  const observable = typeof IntersectionObserver !== 'undefined'

  useEffect(() => {
    if (page === 0) void fetchNextPage()
  }, [page, fetchNextPage])

  useEffect(() => {
    const element = sentinel.current
    if (!element || !observable || query) return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage()
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [observable, query, fetchNextPage])

  const select = (wallet: WalletListing) => selectListedWallet(client, wallet)
  if (children) return <>{children({ ...state, select })}</>

  const searching = query.trim().length > 0
  const list = searching ? search.results : all
  const shownCount = searching ? search.count : count
  const loading = searching ? search.status === 'loading' : status === 'loading'

  return (
    <div data-portico-all-wallets="">
      <label data-portico-search="">
        <span data-portico-visually-hidden="">{messages['allWallets.search']}</span>
        <input
          type="search"
          placeholder={messages['allWallets.search']}
          value={query}
          autoComplete="off"
          onChange={(event) => {
            setQuery(event.target.value)
            setSearch(event.target.value)
          }}
        />
      </label>
      <p data-portico-muted="" aria-live="polite">
        {loading && list.length === 0
          ? messages['allWallets.loading']
          : status === 'error' && !searching
            ? messages['allWallets.error']
            : searching && search.status === 'success' && list.length === 0
              ? messages['allWallets.noResults']
              : messages['allWallets.count'](shownCount)}
      </p>
      <ul data-portico-grid="" aria-label={messages['connect.allWallets']} aria-busy={loading}>
        {list.map((wallet) => (
          <li key={wallet.id}>
            <button
              type="button"
              data-portico-wallet=""
              aria-label={wallet.name}
              onClick={() => select(wallet)}
            >
              <WalletImage wallet={wallet} size={48} />
              <span data-portico-wallet-name="">{wallet.name}</span>
            </button>
          </li>
        ))}
      </ul>
      {!searching && hasMore ? (
        observable ? (
          <div ref={sentinel} data-portico-sentinel="" aria-hidden="true" />
        ) : (
          <button type="button" onClick={() => void fetchNextPage()} disabled={loading}>
            {messages['allWallets.loadMore']}
          </button>
        )
      ) : null}
    </div>
  )
}
