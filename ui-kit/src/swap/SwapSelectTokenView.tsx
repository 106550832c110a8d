import { formatAmount } from '@portico/core'
import { useId } from 'react'
import { WalletIcon } from '../components/WalletIcon.js'
import { useViewMessages } from '../kit/messages.js'
import type { DefaultViewProps } from '../kit/types.js'
import type en from './messages/en.js'
import views from './messages/en.views.js'
import { type SwapSelectTokenViewState, useSwapSelectTokenView } from './useSwapSelectTokenView.js'

/** Pick a token to swap: search by symbol, name or address; your tokens first, then suggested. */
export default function SwapSelectTokenView({
  children,
}: DefaultViewProps<SwapSelectTokenViewState>) {
  const state = useSwapSelectTokenView()
  const { t } = useViewMessages<typeof en & typeof views>(views)
  const headingId = useId()
  if (children) return <>{children(state)}</>
  const { query, setQuery, groups, isLoading, select } = state
  return (
    <div data-portico-select-token="">
      <label data-portico-search="">
        <span data-portico-visually-hidden="">{t('swap.searchTokens')}</span>
        <input
          type="search"
          placeholder={t('swap.searchTokens')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </label>
      {isLoading && groups.length === 0 ? (
        <p data-portico-muted="">{t('swap.loadingTokens')}</p>
      ) : groups.length === 0 ? (
        <p data-portico-muted="">{t('swap.noTokens')}</p>
      ) : null}
      {groups.map((group) => (
        <section key={group.id} aria-labelledby={`${headingId}-${group.id}`}>
          <h3 id={`${headingId}-${group.id}`} data-portico-muted="">
            {t(`swap.${group.id}`)}
          </h3>
          <ul data-portico-list="">
            {group.tokens.map((token) => (
              <li key={token.address}>
                <button
                  type="button"
                  data-portico-wallet=""
                  aria-label={token.symbol}
                  onClick={() => select(token)}
                >
                  <WalletIcon src={token.logoUri || undefined} name={token.symbol} size={32} />
                  <span data-portico-wallet-name="">
                    {token.name} <span data-portico-muted="">{token.symbol}</span>
                  </span>
                  {token.balance && token.balance !== '0' ? (
                    <span dir="ltr">{formatAmount(token.balance, 4)}</span>
                  ) : null}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  )
}
