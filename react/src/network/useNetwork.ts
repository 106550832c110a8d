import { useStore } from '@nanostores/react'
import type { AsyncState, CaipNetworkId, ConnectionFeature, PorticoNetwork } from '@portico/core'
import { useMemo } from 'react'
import { usePortico } from '../context/usePortico.js'

/** What `useNetwork` returns. */
export type UseNetworkReturnType = AsyncState<void> & {
  /** The active app network. */
  network: PorticoNetwork
  /** The app's networks. */
  networks: readonly PorticoNetwork[]
  /** The chain the wallet is on, listed by the app or not. */
  walletChainId: CaipNetworkId | undefined
  /** The wallet is on a chain the app does not list. */
  isUnsupported: boolean
  /**
   * Asks the wallet to switch (adding the chain if it does not know it); `status`, `error` and
   * `isPending` follow the last switch.
   */
  switchNetwork: ConnectionFeature['switchNetwork']
  /** The network a switch is waiting on. */
  switchingTo: PorticoNetwork | undefined
}

/** The active network, the app's networks, and switching between them. */
export function useNetwork(): UseNetworkReturnType {
  const { network, connection } = usePortico()
  const active = useStore(network.$activeNetwork)
  const walletChainId = useStore(network.$walletChainId)
  const isUnsupported = useStore(network.$isUnsupportedChain)
  const switchingTo = useStore(connection.$switchingTo)
  const state = useStore(connection.$networkSwitch)
  return useMemo(
    () => ({
      ...state,
      network: active,
      networks: network.networks,
      walletChainId,
      isUnsupported,
      switchNetwork: connection.switchNetwork,
      switchingTo,
    }),
    [state, active, network, walletChainId, isUnsupported, connection, switchingTo],
  )
}
