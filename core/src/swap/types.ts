import type { CaipNetworkId } from '../caip/index.js'
import type { Message } from '../messages/index.js'

/** A token that can be swapped on the active chain, with what the account holds of it. */
export type SwapToken = {
  /** CAIP-10 address; the native token is `eip155:<chain>:0xeeee…eeee`, as the swap API names it. */
  address: string
  /** CAIP-2 id of its chain. */
  chainId: CaipNetworkId
  name: string
  symbol: string
  decimals: number
  /** A safe image URL, or empty. */
  logoUri: string
  /** USD price of one token; 0 when unknown. */
  price: number
  /** What the account holds, in whole units (`'1.5'`); undefined while the balances are unknown. */
  balance: string | undefined
  /** USD value of the holding; 0 when unknown. */
  value: number
}

/** The tokens to pick from. */
export type SwapTokenLists = {
  /**
   * Every token the swap API trades on the chain: the suggested ones first (in their order), then
   * the popular ones, then the rest by symbol.
   */
  tokens: readonly SwapToken[]
  /** Those the account holds, by USD value, largest first. */
  myTokens: readonly SwapToken[]
  /** The suggested ones the chain has, in their order. */
  suggested: readonly SwapToken[]
}

/** The swap form. */
export type SwapState = {
  /** The token that leaves the account. */
  source: SwapToken | undefined
  /** The token that arrives. */
  target: SwapToken | undefined
  /** How much of the source token, as typed. */
  amount: string
  /** Slippage tolerance in whole percent: the least the swap may pay is the quote less this. */
  slippage: number
}

/** A fee in the native token and in USD. */
export type SwapFee = {
  /** In the native token's smallest unit. */
  value: bigint
  /** In whole units. */
  formatted: string
  symbol: string
  /** In USD; 0 when the native token's price is unknown. */
  usd: number
}

/** What the pools pay for the form's amount now. */
export type SwapQuote = {
  source: SwapToken
  target: SwapToken
  /** In the source token's smallest unit. */
  amountIn: bigint
  /** In the target token's smallest unit. */
  amountOut: bigint
  /** What leaves, in whole units. */
  sourceAmount: string
  /** What arrives, in whole units. */
  targetAmount: string
  /** How much target one source token buys at this amount, in whole units. */
  rate: string
  /**
   * How much less what arrives is worth than what leaves, in percent, at the tokens' USD prices
   * (the pool's fee included); undefined when a price is unknown.
   */
  priceImpact: number | undefined
  /** The least the swap may pay with the slippage tolerance, in whole units. */
  minimumReceived: string
  /** The gas price the fee is computed with (wei). */
  gasPrice: bigint
  /** The network fee of the swap, and of the approval when one is needed. */
  networkFee: SwapFee
  /** The router may not yet spend this much of the source token: an approval comes first. */
  needsApproval: boolean
}

/** A transaction built by the swap API, ready for the wallet. */
export type SwapTransaction = {
  /** The contract it calls (chain-local address). */
  to: string
  data: string
  /** Native amount it carries (the input when selling the native token). */
  value: bigint
  /** Gas limit; undefined lets the wallet estimate. */
  gas: bigint | undefined
}

/** The review: what leaves, what arrives, the fees, and the transactions to send. */
export type SwapPreview = {
  quote: SwapQuote
  /** The approval to send first, when the router may not spend enough yet. */
  approval: SwapTransaction | undefined
  /** The swap; undefined until the approval is mined (it cannot be built before). */
  transaction: SwapTransaction | undefined
  /** What the built swap expects to pay, in whole units. */
  targetAmount: string
  /** The least the built swap accepts, in whole units. */
  minimumReceived: string
  networkFee: SwapFee
}

/** Live checks of the form, as messages for the user. */
export type SwapErrors = { amount?: Message }

/** The swap options of `createPortico`. */
export type SwapOptions = {
  swaps?: {
    /**
     * More eip155 chain ids where swaps are offered, besides the default list (a local chain
     * whose swap API the app runs).
     */
    chainIds?: readonly number[]
    /** Slippage tolerance in whole percent, 0 to 50; 1 by default. */
    slippage?: number
  }
}
