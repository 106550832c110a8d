import { useStore } from '@nanostores/react'
import type { CaipAddress, ChainNamespace, ConnectionStatus } from '@portico/core'
import { useMemo } from 'react'
import { usePortico } from '../context/usePortico.js'

/** What `useAccount` returns. */
export type UseAccountReturnType = {
  address: string | undefined
  /** `namespace:chain:address`. */
  caipAddress: CaipAddress | undefined
  status: ConnectionStatus
  isConnected: boolean
  isConnecting: boolean
  /** True while a stored connection is being restored on page load. */
  isReconnecting: boolean
  isDisconnected: boolean
  namespace: ChainNamespace
  profileName: string | undefined
  profileImage: string | undefined
  /** The address on the network's block explorer. */
  explorerUrl: string | undefined
}

/**
 * The connected account of the active namespace. Never `connected` before the wallet answered.
 * Re-renders only when one of these fields changes.
 */
export function useAccount(): UseAccountReturnType {
  const { connection, network, identity } = usePortico()
  const status = useStore(connection.$status)
  const address = useStore(connection.$address)
  const caipAddress = useStore(connection.$caipAddress)
  const explorerUrl = useStore(connection.$explorerUrl)
  const namespace = useStore(network.$activeNamespace)
  const profile = useStore(identity.$profile)
  return useMemo(
    () => ({
      address,
      caipAddress,
      status,
      isConnected: status === 'connected',
      isConnecting: status === 'connecting',
      isReconnecting: status === 'reconnecting',
      isDisconnected: status === 'disconnected',
      namespace,
      profileName: profile.name,
      profileImage: profile.avatar,
      explorerUrl,
    }),
    [address, caipAddress, status, namespace, profile, explorerUrl],
  )
}
