import { useDisconnect } from '@portico/react'
import { useCallback, useMemo } from 'react'
import { type NetworkSwitchState, useNetworkSwitch } from './useNetworkSwitch.js'

/** The UnsupportedChain view's state. */
export type UnsupportedChainViewState = NetworkSwitchState & {
  /** Disconnects instead of switching. */
  disconnect(): Promise<void>
}

/**
 * The UnsupportedChain view-model: switch to one of the app's networks (core closes the modal once
 * the wallet is on one), or disconnect.
 */
export function useUnsupportedChainView(): UnsupportedChainViewState {
  const networkSwitch = useNetworkSwitch()
  const { disconnect } = useDisconnect()
  const leave = useCallback(() => disconnect().catch(() => undefined), [disconnect])
  return useMemo(() => ({ ...networkSwitch, disconnect: leave }), [networkSwitch, leave])
}
