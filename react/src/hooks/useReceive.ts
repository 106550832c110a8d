import { useStore } from '@nanostores/react'
import { networkNamespace, type PorticoNetwork } from '@portico/core'
import { useCallback, useMemo } from 'react'
import { usePortico } from './usePortico.js'

export type UseReceiveReturnType = {
  address: string | undefined
  /** The app's networks of the account's namespace: where this address can receive. */
  networks: readonly PorticoNetwork[]
  /** Copies the address; resolves false when the clipboard refused. */
  copy(): Promise<boolean>
}

export function useReceive(): UseReceiveReturnType {
  const client = usePortico()
  const account = useStore(client.account.$account)
  const namespace = useStore(client.account.$activeNamespace)
  const networks = useMemo(
    () => client.network.networks.filter((n) => networkNamespace(n) === namespace),
    [client, namespace],
  )
  const address = account.address
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
