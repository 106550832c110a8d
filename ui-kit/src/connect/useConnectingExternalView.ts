import type { Connector, PorticoError, ViewData } from '@portico/core'
import { useConnect } from '@portico/react'
import { useCallback, useMemo } from 'react'

/** The ConnectingExternal view's state. */
export type ConnectingExternalViewState = {
  /** The browser wallet being asked; undefined when this browser does not have it. */
  connector: Connector | undefined
  /** Its request is open. */
  isPending: boolean
  /** Why the last attempt failed. */
  error: PorticoError | undefined
  /** The user refused in the wallet (as opposed to another failure). */
  isDeclined: boolean
  /** Asks the wallet again. */
  retry(): void
}

/** The ConnectingExternal view-model: the wallet asked (`data.connectorId`), and a retry. */
export function useConnectingExternalView({
  data,
}: {
  data?: ViewData | undefined
} = {}): ConnectingExternalViewState {
  const { connectors, connect, connectingId, error } = useConnect()
  const connectorId = typeof data?.connectorId === 'string' ? data.connectorId : undefined
  const connector = connectors.find((c) => c.id === connectorId)
  const isPending = connectingId !== undefined && connectingId === connectorId
  const retry = useCallback(() => {
    if (connectorId) connect({ connectorId }).catch(() => undefined)
  }, [connect, connectorId])
  return useMemo(
    () => ({ connector, isPending, error, isDeclined: error?.code === 'USER_REJECTED', retry }),
    [connector, isPending, error, retry],
  )
}
