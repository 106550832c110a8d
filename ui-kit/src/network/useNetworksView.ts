import { usePortico } from '@portico/react'
import { useCallback } from 'react'
import { type NetworkSwitchState, useNetworkSwitch } from './useNetworkSwitch.js'

/** The Networks view's state. */
export type NetworksViewState = NetworkSwitchState

/** The Networks view-model: after a switch, back to where the user came from. */
export function useNetworksView(): NetworksViewState {
  const { modal } = usePortico()
  const back = useCallback(() => modal.backFrom('Networks'), [modal])
  return useNetworkSwitch(back)
}
