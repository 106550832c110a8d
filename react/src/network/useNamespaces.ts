import { useStore } from '@nanostores/react'
import {
  type AsyncState,
  type CaipAddress,
  type ChainNamespace,
  type ConnectedWalletInfo,
  type ConnectionStatus,
  networkNamespace,
  type PorticoNetwork,
} from '@portico/core'
import { useCallback, useMemo } from 'react'
import { usePortico } from '../context/usePortico.js'

/** One namespace the app supports, and its connection. */
export type NamespaceState = {
  namespace: ChainNamespace
  /** The app's networks of this namespace. */
  networks: readonly PorticoNetwork[]
  /** Its selected network. */
  network: PorticoNetwork | undefined
  status: ConnectionStatus
  address: string | undefined
  caipAddress: CaipAddress | undefined
  walletInfo: ConnectedWalletInfo | undefined
  isActive: boolean
}

/**
 * What `useNamespaces` returns: the disconnection's async state (the one `useDisconnect` shows),
 * the namespaces and the actions.
 */
export type UseNamespacesReturnType = AsyncState<void> & {
  /** The active namespace: the one whose account the other hooks show. */
  namespace: ChainNamespace
  /** Every namespace the app lists networks of, in the order of its networks. */
  namespaces: readonly NamespaceState[]
  /**
   * Makes another namespace active (a connected one shows its account at once). Throws
   * 'Unsupported chain' for a namespace the app lists no network of.
   */
  switchNamespace(namespace: ChainNamespace): void
  /**
   * Disconnects one namespace; the others stay connected (and one of them becomes active when
   * it was the active one). Rejects with 'Failed to disconnect' when the wallet side failed; the
   * connection is forgotten either way.
   */
  disconnect(namespace: ChainNamespace): Promise<void>
}

/**
 * The chain namespaces the app supports (eip155, solana, bip122…), each with its connection, and
 * switching the active one. Connected namespaces stay connected while another is active.
 */
export function useNamespaces(): UseNamespacesReturnType {
  const { network, connection } = usePortico()
  const active = useStore(network.$activeNamespace)
  const connections = useStore(connection.$connections)
  const selected = useStore(network.$activeNetworks)
  const disconnecting = useStore(connection.$disconnecting)
  const disconnect = useCallback(
    (namespace: ChainNamespace) => connection.disconnect({ namespace }),
    [connection],
  )
  return useMemo(
    () => ({
      ...disconnecting,
      namespace: active,
      namespaces: network.namespaces.map((namespace) => {
        const state = connections[namespace]
        return {
          namespace,
          networks: network.networks.filter((n) => networkNamespace(n) === namespace),
          network: selected[namespace],
          status: state?.status ?? 'disconnected',
          address: state?.address,
          caipAddress: state?.caipAddress,
          walletInfo: state?.walletInfo,
          isActive: namespace === active,
        }
      }),
      switchNamespace: connection.switchNamespace,
      disconnect,
    }),
    [disconnecting, active, connections, selected, network, connection, disconnect],
  )
}
