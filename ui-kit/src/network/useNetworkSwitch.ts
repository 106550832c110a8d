import type { PorticoNetwork } from '@portico/core'
import { useNetwork } from '@portico/react'
import { useCallback, useMemo, useState } from 'react'

/** Picking one of the app's networks: the list, the switch under way, and whether it failed. */
export type NetworkSwitchState = {
  networks: readonly PorticoNetwork[]
  /** The active app network. */
  active: PorticoNetwork
  /** The network the wallet is being asked to switch to. */
  switchingTo: PorticoNetwork | undefined
  /** The last switch failed (refused or impossible); the list stays. */
  failed: boolean
  /** Asks the wallet to switch; resolves once it did, or with the failure recorded. */
  select(network: PorticoNetwork): Promise<void>
}

export function useNetworkSwitch(
  onSwitched?: (network: PorticoNetwork) => void,
): NetworkSwitchState {
  const { network, networks, switchNetwork, switchingTo } = useNetwork()
  const [failed, setFailed] = useState(false)
  const select = useCallback(
    async (target: PorticoNetwork) => {
      setFailed(false)
      try {
        await switchNetwork(target)
      } catch {
        setFailed(true)
        return
      }
      onSwitched?.(target)
    },
    [switchNetwork, onSwitched],
  )
  return useMemo(
    () => ({ networks, active: network, switchingTo, failed, select }),
    [networks, network, switchingTo, failed, select],
  )
}
