import type { ChainNamespace } from '@portico/core'
import { useCallback, useMemo, useState } from 'react'
import { usePortico } from './usePortico.js'

export type UseDisconnectReturnType = {
  /** Disconnects one namespace, or all of them. */
  disconnect(parameters?: { namespace?: ChainNamespace }): Promise<void>
  isPending: boolean
  /** 'Failed to disconnect' (code INTERNAL_SDK_ERROR) when the wallet side failed. */
  error: Error | undefined
}

export function useDisconnect(): UseDisconnectReturnType {
  const client = usePortico()
  const [isPending, setPending] = useState(false)
  const [error, setError] = useState<Error>()
  const disconnect = useCallback(
    async (parameters?: { namespace?: ChainNamespace }) => {
      setPending(true)
      setError(undefined)
      try {
        await client.connection.disconnect(parameters)
      } catch (cause) {
        setError(cause as Error)
        throw cause
      } finally {
        setPending(false)
      }
    },
    [client],
  )
  return useMemo(() => ({ disconnect, isPending, error }), [disconnect, isPending, error])
}
