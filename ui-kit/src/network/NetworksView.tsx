import type { DefaultViewProps } from '../kit/types.js'
import { NetworkList } from './NetworkList.js'
import { type NetworksViewState, useNetworksView } from './useNetworksView.js'

/** Pick a network; after the switch, back to where the user came from. */
export default function NetworksView({ children }: DefaultViewProps<NetworksViewState>) {
  const state = useNetworksView()
  if (children) return <>{children(state)}</>
  return <NetworkList state={state} />
}
