import { formatAmount } from '@portico/core'
import { WalletIcon } from '../components/WalletIcon.js'
import { useViewMessages } from '../kit/messages.js'
import type { DefaultViewProps } from '../kit/types.js'
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
      <label data-portico-search="">
        <span data-portico-visually-hidden="">{t('send.searchTokens')}</span>
        <input
          type="search"
          placeholder={t('send.searchTokens')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </label>
      {tokens.length === 0 ? <p data-portico-muted="">{t('send.noTokens')}</p> : null}
      <ul data-portico-list="" aria-label={t('send.tokens')}>
        {tokens.map((token) => (
          <li key={`${token.chainId}:${token.address ?? 'native'}`}>
            <button
              type="button"
              data-portico-wallet=""
              aria-label={token.symbol}
              onClick={() => select(token)}
            >
              <WalletIcon src={token.iconUrl || undefined} name={token.symbol} size={32} />
              <span data-portico-wallet-name="">
                {token.name} <span data-portico-muted="">{token.symbol}</span>
              </span>
              <span dir="ltr">{formatAmount(token.quantity.numeric, 4)}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}
