import { useStore } from '@nanostores/react'
import { type AsyncState, networkNamespace, type PorticoNetwork } from '@portico/core'
import { useCallback, useMemo } from 'react'
import { useAsyncCall } from '../async.js'
import { usePortico } from '../context/usePortico.js'

/** What `useReceive` returns: the last copy's async state (`data`: whether it was copied) and more. */
export type UseReceiveReturnType = AsyncState<boolean> & {
  address: string | undefined
  /** The app's networks of the account's namespace: where this address can receive. */
  networks: readonly PorticoNetwork[]
  /** Copies the address; resolves false when the clipboard refused. */
  copy(): Promise<boolean>
  /** Back to idle. */
  reset(): void
}

/** What the user needs to receive tokens: the address, where it works, and a copy action. */
export function useReceive(): UseReceiveReturnType {
  const { connection, network } = usePortico()
  const address = useStore(connection.$address)
  const namespace = useStore(network.$activeNamespace)
  const networks = useMemo(
    () => network.networks.filter((n) => networkNamespace(n) === namespace),
    [network, namespace],
  )
  const [state, run, reset] = useAsyncCall<boolean>()
  const copy = useCallback(
    () =>
      run(async () => {
        if (!address) return false
        try {
          await navigator.clipboard.writeText(address)
          return true
        } catch {
          return false
        }
      }),
    [run, address],
  )
  return useMemo(
    () => ({ ...state, address, networks, copy, reset }),
    [state, address, networks, copy, reset],
  )
}
