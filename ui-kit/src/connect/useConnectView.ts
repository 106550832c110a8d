import type { Alert, ConnectItem } from '@portico/core'
import { useAlerts, useConnect, useConnectList, useModal, usePorticoOptions } from '@portico/react'
import { useCallback, useMemo } from 'react'
import { selectListedWallet } from './selectWallet.js'

/** The Connect view's state: what its default markup draws, and what its render prop receives. */
export type ConnectViewState = {
  /** Every way to connect, in the configured order, recent wallets marked. */
  items: readonly ConnectItem[]
  /** Opens the connecting view for the item and asks its wallet. */
  select(item: ConnectItem): void
  /** Opens the AllWallets view; undefined when the app turned it off or WalletConnect is missing. */
  showAllWallets: (() => void) | undefined
  /** How many wallets the explorer lists (0 until known). */
  walletCount: number
  /** Nothing to offer: no wallet in this browser and no wallet list. */
  isEmpty: boolean
  /**
   * Configuration problems the app's developer must fix (a missing or placeholder project id, an
   * origin the project does not allow): shown here, where their effect (an empty list) is seen.
   */
  alerts: readonly Alert[]
  /** The wallet list could not be loaded (offline, or a project id the service refuses). */
  listError: boolean
  /** Asks for the wallet list again. */
  retry(): void
}

/** The name a Connect item shows (a connector's or a listed wallet's). */
export function connectItemName(item: ConnectItem): string {
  return item.kind === 'connector' ? item.connector.name : item.wallet.name
}

/** A key unique within the Connect list. */
export function connectItemKey(item: ConnectItem): string {
  return `${item.group}:${item.kind === 'connector' ? item.connector.id : item.wallet.id}`
}

/**
 * The Connect view-model: the list, and what picking an item does (a browser wallet goes to
 * ConnectingExternal and is asked at once; WalletConnect goes to its QR view; a listed wallet
 * uses its extension when installed, WalletConnect otherwise).
 */
export function useConnectView(): ConnectViewState {
  // The list alone: what this view draws.
  const { items, count, status, prefetch, selectWallet, installedConnector, connect } =
    useConnectList()
  const { connect: connectConnector } = useConnect()
  const { push } = useModal()
  const { alerts } = useAlerts()
  const listError = status === 'error'
  const retry = useCallback(() => void prefetch(), [prefetch])
  const { allWallets } = usePorticoOptions().features
  const hasWalletConnect = items.some(
    (item) => item.kind === 'connector' && item.connector.type === 'WALLET_CONNECT',
  )
  const select = useCallback(
    (item: ConnectItem) => {
      if (item.kind === 'wallet') {
        selectListedWallet({ installedConnector, connect }, push, item.wallet)
      } else if (item.connector.type === 'WALLET_CONNECT') {
        selectWallet(undefined)
        push('ConnectingWalletConnect')
      } else {
        push('ConnectingExternal', { connectorId: item.connector.id })
        // The view shows the outcome; a refusal is kept in the connection error for its retry.
        connectConnector({ connectorId: item.connector.id }).catch(() => undefined)
      }
    },
    [installedConnector, connect, push, selectWallet, connectConnector],
  )
  const showAllWallets = useMemo(
    () => (allWallets && hasWalletConnect ? () => push('AllWallets') : undefined),
    [allWallets, hasWalletConnect, push],
  )
  return useMemo(
    () => ({
      items,
      select,
      showAllWallets,
      walletCount: count,
      isEmpty: items.length === 0 && !showAllWallets,
      alerts,
      listError,
      retry,
    }),
    [items, select, showAllWallets, count, alerts, listError, retry],
  )
}
