import { formatAmount } from '@portico/core'
import { useModal, useSendToken } from '@portico/react'
import { useState } from 'react'
import { WalletIcon } from '../../components/WalletIcon.js'
import { useMessages } from '../../messages/useMessages.js'
import type { ViewProps } from '../../modal/types.js'

/** Pick the token to send from the account's balances. */
export function WalletSendSelectTokenView(_props: ViewProps) {
  const messages = useMessages()
  const { tokens, setToken } = useSendToken()
  const { back } = useModal()
  const [query, setQuery] = useState('')
  const shown = tokens.filter((t) =>
    `${t.symbol} ${t.name}`.toLowerCase().includes(query.trim().toLowerCase()),
  )
  return (
    <div data-portico-select-token="">
      <label data-portico-search="">
        <span data-portico-visually-hidden="">{messages['send.searchTokens']}</span>
        <input
          type="search"
          placeholder={messages['send.searchTokens']}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </label>
      {shown.length === 0 ? <p data-portico-muted="">{messages['send.noTokens']}</p> : null}
      <ul data-portico-list="" aria-label={messages['send.tokens']}>
        {shown.map((token) => (
          <li key={`${token.chainId}:${token.address ?? 'native'}`}>
            <button
              type="button"
              data-portico-wallet=""
              aria-label={token.symbol}
              onClick={() => {
                setToken(token)
                back()
              }}
            >
              <WalletIcon src={token.iconUrl || undefined} name={token.symbol} size={32} />
              <span data-portico-wallet-name="">
                {token.name} <span data-portico-muted="">{token.symbol}</span>
              </span>
              <span>{formatAmount(token.quantity.numeric, 4)}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}
