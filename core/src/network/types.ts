import type { CaipNetworkId } from '../caip/index.js'
import type { NetworkInput } from '../options/types.js'

/** The network options of `createPortico`. */
export type NetworkOptions = {
  /** Network to start on (its id, or the network itself); the first of `networks` otherwise. */
  defaultNetwork?: CaipNetworkId | NetworkInput
  /** Let the user stay on a network the app does not list. Off by default. */
  allowUnsupportedChain?: boolean
  /** Offer network switching (and UnsupportedChain). On by default. */
  enableNetworkSwitch?: boolean
}
