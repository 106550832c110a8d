import { navigateAfterNetworkSwitch } from '@portico/core'
import { usePortico } from '@portico/react'
import { NetworkList } from '../../components/NetworkList.js'
import type { ViewProps } from '../../modal/types.js'

/** Pick a network; after the switch, back to where the user came from. */
export function NetworksView(_props: ViewProps) {
  const client = usePortico()
  return <NetworkList onSwitched={() => navigateAfterNetworkSwitch(client.modal)} />
}
