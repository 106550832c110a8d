import { useStore } from '@nanostores/react'
import { networkNamespace, type PorticoNetwork } from '@portico/core'
import { useCallback, useMemo } from 'react'
import { usePortico } from '../context/usePortico.js'

/** What `useReceive` returns. */
export type UseReceiveReturnType = {
  address: string | undefined
  /** The app's networks of the account's namespace: where this address can receive. */
  networks: readonly PorticoNetwork[]
  /** Copies the address; resolves false when the clipboard refused. */
  copy(): Promise<boolean>
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
  const copy = useCallback(async () => {
    if (!address) return false
    try {
      await navigator.clipboard.writeText(address)
      return true
    } catch {
      return false
    }
  }, [address])
  return useMemo(() => ({ address, networks, copy }), [address, networks, copy])
}
