import { networkNamespace, type PorticoNetwork } from '@portico/core'
import { usePortico } from '@portico/react'
import { useCallback } from 'react'
import { type NetworkSwitchState, useNetworkSwitch } from './useNetworkSwitch.js'

/** The Networks view's state. */
export type NetworksViewState = NetworkSwitchState

/**
 * The Networks view-model: after a switch, back to where the user came from; after picking a
 * network of a namespace no wallet is connected in, on to Connect, for that namespace's wallets.
 */
export function useNetworksView(): NetworksViewState {
  const { modal, connection } = usePortico()
  const back = useCallback(
    (network: PorticoNetwork) => {
      const namespace = networkNamespace(network)
      if (connection.$connections.get()[namespace]?.status !== 'connected') {
        modal.reset('Connect', { namespace })
      } else modal.backFrom('Networks')
    },
    [modal, connection],
  )
  return useNetworkSwitch(back)
}
