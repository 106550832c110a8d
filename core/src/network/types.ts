import type { CaipNetworkId } from '../caip/index.js'

/** The network options of `createPortico`. */
export type NetworkOptions = {
  /** Network to start on; the first of `networks` otherwise. */
  defaultNetwork?: CaipNetworkId
  /** Let the user stay on a network the app does not list. Off by default. */
  allowUnsupportedChain?: boolean
  /** Offer network switching (and UnsupportedChain). On by default. */
  enableNetworkSwitch?: boolean
}
