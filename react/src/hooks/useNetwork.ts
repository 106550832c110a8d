import { useStore } from '@nanostores/react'
import type { CaipNetworkId, PorticoNetwork } from '@portico/core'
import { useMemo } from 'react'
import { usePortico } from './usePortico.js'

export type UseNetworkReturnType = {
  /** The active app network. */
  network: PorticoNetwork
  /** The app's networks. */
  networks: readonly PorticoNetwork[]
  /** The chain the wallet is on, listed by the app or not. */
  walletChainId: CaipNetworkId | undefined
  /** The wallet is on a chain the app does not list. */
  isUnsupported: boolean
  /** Asks the wallet to switch (adding the chain if it does not know it). */
  switchNetwork(network: PorticoNetwork): Promise<void>
  /** The network a switch is waiting on. */
  switchingTo: PorticoNetwork | undefined
}

export function useNetwork(): UseNetworkReturnType {
  const client = usePortico()
  const network = useStore(client.network.$activeNetwork)
  const walletChains = useStore(client.network.$walletChains)
  const namespace = useStore(client.account.$activeNamespace)
  const isUnsupported = useStore(client.network.$isUnsupportedChain)
  const switchingTo = useStore(client.connection.$switchingTo)
  return useMemo(
    () => ({
      network,
      networks: client.network.networks,
      walletChainId: walletChains[namespace],
      isUnsupported,
      switchNetwork: client.connection.switchNetwork,
      switchingTo,
    }),
    [client, network, walletChains, namespace, isUnsupported, switchingTo],
  )
}
