import { useStore } from '@nanostores/react'
import type { AsyncState, ConnectionFeature } from '@portico/core'
import { useMemo } from 'react'
import { usePortico } from '../context/usePortico.js'

/** What `useDisconnect` returns. */
export type UseDisconnectReturnType = AsyncState<void> & {
  /**
   * Disconnects one namespace, or every one. Rejects with 'Failed to disconnect' (code
   * INTERNAL_SDK_ERROR) when the wallet side failed; the connection is forgotten either way.
   */
  disconnect: ConnectionFeature['disconnect']
}

/** Disconnect the wallet. */
export function useDisconnect(): UseDisconnectReturnType {
  const { connection } = usePortico()
  const state = useStore(connection.$disconnecting)
  return useMemo(() => ({ ...state, disconnect: connection.disconnect }), [state, connection])
}
