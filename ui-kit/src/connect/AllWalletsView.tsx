import { WalletImage } from '../components/WalletImage.js'
import { useViewMessages } from '../kit/messages.js'
import type { DefaultViewProps } from '../kit/types.js'
import { SearchField } from '../kit/viewParts.js'
import type en from './messages/en.js'
import views from './messages/en.views.js'
import { type AllWalletsViewState, useAllWalletsView } from './useAllWalletsView.js'

/** Every wallet of the explorer: a search box, a count, and pages that load as the list scrolls. */
export default function AllWalletsView({ children }: DefaultViewProps<AllWalletsViewState>) {
  const state = useAllWalletsView()
  const { t } = useViewMessages<typeof en & typeof views>(views)
  if (children) return <>{children(state)}</>
  const { list, query, setQuery, isSearching, isLoading, isError, isNoResult, shownCount } = state
  return (
    <div data-portico-all-wallets="">
      <SearchField
        label={t('allWallets.search')}
        value={query}
        autoComplete="off"
        onValueChange={setQuery}
      />
      <p data-portico-muted="" aria-live="polite">
        {isLoading && list.length === 0
          ? t('allWallets.loading')
          : isError
            ? t('allWallets.error')
            : isNoResult
              ? t('allWallets.noResults')
              : t('allWallets.count', { count: shownCount })}
      </p>
      <ul data-portico-grid="" aria-label={t('allWallets.list')} aria-busy={isLoading}>
        {list.map((wallet) => (
          <li key={wallet.id}>
            <button
              type="button"
              data-portico-wallet=""
              aria-label={wallet.name}
              onClick={() => state.select(wallet)}
            >
              <WalletImage wallet={wallet} size={48} />
              <span data-portico-wallet-name="">{wallet.name}</span>
            </button>
          </li>
        ))}
      </ul>
      {!isSearching && state.hasMore ? (
        state.canObserve ? (
          <div ref={state.sentinelRef} data-portico-sentinel="" aria-hidden="true" />
        ) : (
          <button type="button" onClick={() => void state.fetchNextPage()} disabled={isLoading}>
            {t('allWallets.loadMore')}
          </button>
        )
      ) : null}
    </div>
  )
}
