import { networkNamespace, type PorticoNetwork } from '@portico/core'
import { useModal, useNamespaces } from '@portico/react'
import { useCallback } from 'react'
import { type NetworkSwitchState, useNetworkSwitch } from './useNetworkSwitch.js'

/** The Networks view's state. */
export type NetworksViewState = NetworkSwitchState

/**
 * The Networks view-model: after a switch, back to where the user came from; after picking a
 * network of a namespace no wallet is connected in, on to Connect, for that namespace's wallets.
 */
export function useNetworksView(): NetworksViewState {
  const { reset, backFrom } = useModal()
  const { namespaces } = useNamespaces()
  const back = useCallback(
    (network: PorticoNetwork) => {
      const namespace = networkNamespace(network)
      if (namespaces.find((n) => n.namespace === namespace)?.status !== 'connected') {
        reset('Connect', { namespace })
      } else backFrom('Networks')
    },
    [reset, backFrom, namespaces],
  )
  return useNetworkSwitch(back)
}
