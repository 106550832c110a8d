import { formatAmount } from '@portico/core'
import { useId } from 'react'
import { useViewMessages } from '../kit/messages.js'
import type { DefaultViewProps } from '../kit/types.js'
import { SearchField, TokenOption } from '../kit/viewParts.js'
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
      <SearchField label={t('swap.searchTokens')} value={query} onValueChange={setQuery} />
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
                <TokenOption
                  symbol={token.symbol}
                  name={token.name}
                  iconUrl={token.logoUri}
                  amount={
                    token.balance && token.balance !== '0'
                      ? formatAmount(token.balance, 4)
                      : undefined
                  }
                  select={() => select(token)}
                />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  )
}
