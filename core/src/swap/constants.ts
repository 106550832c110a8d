/**
 * The networks where swaps are offered by default (eip155 chain ids): Ethereum, Arbitrum One,
 * OP Mainnet, zkSync Era, Base, BNB Chain, Polygon, Gnosis, Avalanche, Fantom, Kaia and Aurora.
 * An app adds its own (a local chain) with the `swaps.chainIds` option.
 */
export const SWAP_CHAIN_IDS = [
  1, 42161, 10, 324, 8453, 56, 137, 100, 43114, 250, 8217, 1313161554,
] as const
/** The slippage tolerance, in percent, unless the app or the user sets another. */
export const SWAP_DEFAULT_SLIPPAGE = 1
/** The most slippage the swap API accepts, in whole percent. */
export const SWAP_MAX_SLIPPAGE = 50
/** What the user reads when the swap's code could not be downloaded (offline, a new deploy). */
export const SWAP_LOAD_FAILED = { key: 'swap.loadFailed' } as const
