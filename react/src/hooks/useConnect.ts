import { useStore } from '@nanostores/react'
import type {
  ConnectItem,
  ConnectionStatus,
  Connector,
  ConnectParameters,
  ConnectReturnType,
  PorticoError,
} from '@portico/core'
import { useMemo } from 'react'
import { usePortico } from './usePortico.js'

export type UseConnectReturnType = {
  /** Every available connector (announced wallets, injected, WalletConnect, the app's own). */
  connectors: readonly Connector[]
  /** The Connect view's list: spec order, each wallet once, recent ones marked. */
  items: readonly ConnectItem[]
  connect(parameters: ConnectParameters): Promise<ConnectReturnType>
  /** Status of the active namespace. */
  status: ConnectionStatus
  /** The connector whose request is open, if any. */
  connectingId: string | undefined
  isPending: boolean
  /** The last connection error (a rejection has code 'USER_REJECTED'). */
  error: PorticoError | undefined
  reset(): void
}

/**
 * Connect a wallet. `connect` sends one request however often it is called while one is open.
 *
 * @example
 * const { items, connect } = useConnect()
 * items.map((item) => item.kind === 'connector' &&
 *   <button onClick={() => connect({ connectorId: item.connector.id })}>{item.connector.name}</button>)
 */
export function useConnect(): UseConnectReturnType {
  const client = usePortico()
  const connectors = useStore(client.connectors.$connectors)
  const items = useStore(client.$connectList)
  const account = useStore(client.account.$account)
  const connectingId = useStore(client.connection.$connectingId)
  const error = useStore(client.connection.$error)
  return useMemo(
    () => ({
      connectors,
      items,
      connect: client.connection.connect,
      status: account.status,
      connectingId,
      isPending: connectingId !== undefined,
      error,
      reset: client.connection.clearError,
    }),
    [client, connectors, items, account.status, connectingId, error],
  )
}
