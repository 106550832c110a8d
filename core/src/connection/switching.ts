import { atom } from 'nanostores'
import type { AlertsInternal } from '../alerts/index.js'
import { PorticoError } from '../errors/index.js'
import { createAsyncAction } from '../kernel/async.js'
import type { LazyHalf } from '../kernel/lazy.js'
import type { NetworkInternal } from '../network/feature.js'
import { networkNamespace, type PorticoNetwork } from '../options/index.js'
import { abortedError } from './constants.js'
import type { ConnectionHalf } from './halves.js'
import type { ConnectionStateParts } from './state.js'

type SwitchingParts = {
  network: NetworkInternal
  alerts: AlertsInternal
  state: ConnectionStateParts
  half: LazyHalf<ConnectionHalf>
  isDestroyed(): boolean
}

/**
 * `switchNetwork`: one switch at a time. A second call for the same network joins the prompt
 * under way (one intent, one prompt); a call for another network replaces it (the user changed
 * their mind), and the first one's answer, whenever it comes, writes nothing.
 */
export function createSwitching({ network, alerts, state, half, isDestroyed }: SwitchingParts) {
  const $switchingTo = atom<PorticoNetwork | undefined>(undefined)
  /** The switch under way: a call for another network replaces it, the same one joins it. */
  let switching: { targetId: string; controller: AbortController } | undefined

  async function switchNetwork(target: PorticoNetwork, signal: AbortSignal) {
    if (isDestroyed()) throw new PorticoError('NETWORK_CLIENT_NOT_SET')
    if (!network.find(target?.id)) {
      alerts.raise('SWITCH_NETWORK_NOT_FOUND', { id: target?.id })
      throw new PorticoError('NETWORK_NOT_FOUND', { details: { id: target?.id } })
    }
    const namespace = networkNamespace(target)
    const active = state.actives.get(namespace)
    if (!active) {
      network.setActiveNetwork(target)
      // A network of another namespace: the app now works in that namespace.
      network.setActiveNamespace(namespace)
      return
    }
    // A connection exists, so the code that made it is here: the wallet is asked in this turn.
    return half.use((flow) => flow.switchNetwork(active, target, signal))
  }

  const action = createAsyncAction((target: PorticoNetwork) => {
    const controller = new AbortController()
    const mine = { targetId: target?.id, controller }
    switching = mine
    return switchNetwork(target, controller.signal).finally(() => {
      if (switching === mine) switching = undefined
    })
  })

  function switchToLatest(target: PorticoNetwork): Promise<void> {
    if (switching && switching.targetId !== target?.id) {
      switching.controller.abort(abortedError('replaced'))
      switching = undefined
      action.reset()
    }
    return action.run(target)
  }

  return {
    $switchingTo,
    $networkSwitch: action.$state,
    switchNetwork: switchToLatest,
    setSwitchingTo: (target: PorticoNetwork | undefined) => $switchingTo.set(target),
  }
}
