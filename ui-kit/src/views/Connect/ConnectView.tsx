import type { ConnectItem } from '@portico/core'
import { useConnect, useModal } from '@portico/react'
import { type ReactNode, useId } from 'react'
import { WalletIcon } from '../../components/WalletIcon.js'
import { useMessages } from '../../messages/useMessages.js'
import type { ViewProps } from '../../modal/types.js'

export type ConnectViewState = {
  items: readonly ConnectItem[]
  /** Opens the connecting view for the item and asks its wallet. */
  select(item: ConnectItem): void
}

export type ConnectViewProps = ViewProps & { children?: (state: ConnectViewState) => ReactNode }

function itemName(item: ConnectItem) {
  return item.kind === 'connector' ? item.connector.name : item.wallet.name
}

function itemKey(item: ConnectItem) {
  return `${item.group}:${item.kind === 'connector' ? item.connector.id : item.wallet.id}`
}

/** The first view: every way to connect, in the spec's order, recent wallets marked. */
export function ConnectView({ children }: ConnectViewProps) {
  const { items, connect } = useConnect()
  const { push } = useModal()
  const messages = useMessages()
  const recentId = useId()

  function select(item: ConnectItem) {
    if (item.kind === 'connector' && item.connector.type !== 'WALLET_CONNECT') {
      push('ConnectingExternal', { connectorId: item.connector.id })
      // The view shows the outcome; a rejection is kept in the connection error for its retry.
      connect({ connectorId: item.connector.id }).catch(() => undefined)
    } else {
      push('ConnectingWalletConnect', {
        walletId: item.kind === 'wallet' ? item.wallet.id : undefined,
      })
    }
  }

  if (children) return <>{children({ items, select })}</>
  if (items.length === 0) return <p data-portico-empty="">{messages['connect.empty']}</p>
  return (
    <ul data-portico-list="" aria-label={messages['connect.list']}>
      {items.map((item) => {
        const name = itemName(item)
        const icon = item.kind === 'connector' ? item.connector.imageUrl : item.wallet.imageUrl
        const tagId = `${recentId}-${itemKey(item)}`
        return (
          <li key={itemKey(item)}>
            <button
              type="button"
              data-portico-wallet=""
              data-group={item.group}
              aria-label={name}
              aria-describedby={item.recent ? tagId : undefined}
              onClick={() => select(item)}
            >
              <WalletIcon src={icon} name={name} />
              <span data-portico-wallet-name="">{name}</span>
              {item.recent ? (
                <span id={tagId} data-portico-tag="">
                  {messages['connect.recent']}
                </span>
              ) : null}
            </button>
          </li>
        )
      })}
    </ul>
  )
}
