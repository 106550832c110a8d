import { formatAmount } from '@portico/core'
import { useViewMessages } from '../kit/messages.js'
import type { DefaultViewProps } from '../kit/types.js'
import { SearchField, TokenOption } from '../kit/viewParts.js'
import type en from './messages/en.js'
import views from './messages/en.views.js'
import {
  useWalletSendSelectTokenView,
  type WalletSendSelectTokenViewState,
} from './useWalletSendSelectTokenView.js'

/** Pick the token to send from the account's balances. */
export default function WalletSendSelectTokenView({
  children,
}: DefaultViewProps<WalletSendSelectTokenViewState>) {
  const state = useWalletSendSelectTokenView()
  const { t } = useViewMessages<typeof en & typeof views>(views)
  if (children) return <>{children(state)}</>
  const { query, setQuery, tokens, select } = state
  return (
    <div data-portico-select-token="">
      <SearchField label={t('send.searchTokens')} value={query} onValueChange={setQuery} />
      {tokens.length === 0 ? <p data-portico-muted="">{t('send.noTokens')}</p> : null}
      <ul data-portico-list="" aria-label={t('send.tokens')}>
        {tokens.map((token) => (
          <li key={`${token.chainId}:${token.address ?? 'native'}`}>
            <TokenOption
              symbol={token.symbol}
              name={token.name}
              iconUrl={token.iconUrl}
              amount={formatAmount(token.quantity.numeric, 4)}
              select={() => select(token)}
            />
          </li>
        ))}
      </ul>
    </div>
  )
}
