import { useStore } from '@nanostores/react'
import type {
  CaipAddress,
  CaipNetworkId,
  ChainNamespace,
  ConnectionStatus,
  Connector,
} from '@portico/core'
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
  /** The chain the wallet is on (`eip155:1`, `solana:…`). */
  caipNetworkId: CaipNetworkId | undefined
  /** The EVM chain id as a number (`1`); undefined for other namespaces. */
  chainId: number | undefined
  /** The way the wallet is connected (its provider or wallet object, its type). */
  connector: Connector | undefined
}

/**
 * The connected account of the active namespace. Never `connected` before the wallet answered.
 * Re-renders only when one of these fields changes.
 */
export function useAccount(): UseAccountReturnType {
  const { connection, connectors, network, identity } = usePortico()
  const { chainId: caipNetworkId, connectorId } = useStore(connection.$connection)
  // The connected connector is registered before it connects: looked up by id, without
  // following the list (which would fetch the wallet list's code on every page with a button).
  const connector = connectorId ? connectors.get(connectorId) : undefined
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
      caipNetworkId,
      chainId: caipNetworkId?.startsWith('eip155:') ? Number(caipNetworkId.slice(7)) : undefined,
      connector,
    }),
    [address, caipAddress, status, namespace, profile, explorerUrl, caipNetworkId, connector],
  )
}
