import { useStore } from '@nanostores/react'
import type {
  AsyncStatus,
  ConnectItem,
  ConnectionFeature,
  Connector,
  PorticoError,
} from '@portico/core'
import { useEffect, useMemo } from 'react'
import { usePortico } from '../context/usePortico.js'

/** What `useConnect` returns. */
export type UseConnectReturnType = {
  /** 'pending' while a wallet is asked, 'error' after a refusal, 'success' once connected. */
  status: AsyncStatus
  isPending: boolean
  /** The last connection error (a rejection has code 'USER_REJECTED'). */
  error: PorticoError | undefined
  /** Asks a wallet for access; one request per connector however often it is called. */
  connect: ConnectionFeature['connect']
  /** Clears the error. */
  reset(): void
  /** Every available connector (announced wallets, injected, WalletConnect, the app's own). */
  connectors: readonly Connector[]
  /** The Connect view's list: configured order, each wallet once, recent ones marked. */
  items: readonly ConnectItem[]
  /** The connector whose request is open, if any. */
  connectingId: string | undefined
}

/**
 * Connect a wallet. The page's browser wallets are asked for (EIP-6963, Wallet Standard) when a
 * component using it mounts: an in-page event, nothing leaves the page.
 *
 * @example
 * const { items, connect } = useConnect()
 * items.map((item) => item.kind === 'connector' &&
 *   <button onClick={() => connect({ connectorId: item.connector.id })}>{item.connector.name}</button>)
 */
export function useConnect(): UseConnectReturnType {
  const { connection, connectors, wallets } = usePortico()
  const list = useStore(connectors.$connectors)
  const items = useStore(wallets.$connectList)
  const connectionStatus = useStore(connection.$status)
  const connectingId = useStore(connection.$connectingId)
  const error = useStore(connection.$error)
  // A list of ways to connect on screen is the intent to connect: the page's wallets are asked.
  useEffect(() => connectors.startDiscovery(), [connectors])
  return useMemo(() => {
    const isPending = connectingId !== undefined
    const status: AsyncStatus = isPending
      ? 'pending'
      : error
        ? 'error'
        : connectionStatus === 'connected'
          ? 'success'
          : 'idle'
    return {
      status,
      isPending,
      error,
      connect: connection.connect,
      reset: connection.clearError,
      connectors: list,
      items,
      connectingId,
    }
  }, [connection, list, items, connectionStatus, connectingId, error])
}
