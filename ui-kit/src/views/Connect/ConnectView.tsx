import type { ConnectItem } from '@portico/core'
import { useConnect, usePortico, useWallets } from '@portico/react'
import { type ReactNode, useId } from 'react'
import { WalletIcon } from '../../components/WalletIcon.js'
import { WalletImage } from '../../components/WalletImage.js'
import { useMessages } from '../../messages/useMessages.js'
import type { ViewProps } from '../../modal/types.js'
import { selectListedWallet } from '../selectWallet.js'

export type ConnectViewState = {
  items: readonly ConnectItem[]
  /** Opens the connecting view for the item and asks its wallet. */
  select(item: ConnectItem): void
  /** Opens the AllWallets view (undefined when the app turned the feature off). */
  showAllWallets: (() => void) | undefined
  /** How many wallets the explorer lists. */
  walletCount: number
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
  const client = usePortico()
  const { items, connect } = useConnect()
  const { count } = useWallets()
  const messages = useMessages()
  const recentId = useId()
  const { allWallets } = client.options.features
  const hasWalletConnect = items.some(
    (item) => item.kind === 'connector' && item.connector.type === 'WALLET_CONNECT',
  )
  const showAllWallets =
    allWallets && hasWalletConnect ? () => client.modal.push('AllWallets') : undefined

  function select(item: ConnectItem) {
    if (item.kind === 'wallet') {
      selectListedWallet(client, item.wallet)
    } else if (item.connector.type === 'WALLET_CONNECT') {
      client.walletConnect.selectWallet(undefined)
      client.modal.push('ConnectingWalletConnect')
    } else {
      client.modal.push('ConnectingExternal', { connectorId: item.connector.id })
      // The view shows the outcome; a rejection is kept in the connection error for its retry.
      connect({ connectorId: item.connector.id }).catch(() => undefined)
    }
  }

  if (children) return <>{children({ items, select, showAllWallets, walletCount: count })}</>
  if (items.length === 0 && !showAllWallets) {
    return <p data-portico-empty="">{messages['connect.empty']}</p>
  }
  return (
    <>
      <ul data-portico-list="" aria-label={messages['connect.list']}>
        {items.map((item) => {
          const name = itemName(item)
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
                {item.kind === 'connector' ? (
                  <WalletIcon src={item.connector.imageUrl} name={name} />
                ) : (
                  <WalletImage wallet={item.wallet} />
                )}
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
      {showAllWallets ? (
        <button
          type="button"
          data-portico-wallet=""
          data-group="allWallets"
          onClick={showAllWallets}
        >
          <span data-portico-wallet-name="">
            {count > 0
              ? messages['connect.allWalletsCount'](count)
              : messages['connect.allWallets']}
          </span>
        </button>
      ) : null}
    </>
  )
}
