import type { ReadableAtom, WritableAtom } from 'nanostores'
import type { BalancesInternal } from '../balances/index.js'
import type { CaipNetworkId } from '../caip/index.js'
import type { ConnectionInternal } from '../connection/index.js'
import type { PorticoError } from '../errors/index.js'
import type { HistoryInternal } from '../history/index.js'
import type { AsyncState } from '../kernel/async.js'
import type { InternalOf } from '../kernel/feature.js'
import type { Message } from '../messages/index.js'
import type { ModalFeature } from '../modal/index.js'
import type { NetworkInternal } from '../network/index.js'
import type { toastFeature } from '../toast/index.js'

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
    /**
     * More Uniswap V2 Router02 contracts a swap may call and an approval may name as spender, by
     * eip155 chain id (`{ 31337: ['0x…'] }`): besides Uniswap's own on the default swap networks,
     * the router of a chain the app adds (the devnet's: `swap.router` of `virtual:portico-devnet`).
     * A swap the API builds for any other contract is refused (SWAP_TRANSACTION_REFUSED).
     */
    routers?: Readonly<Record<number, readonly string[]>>
  }
}

/**
 * Why `refreshQuote` (and the quote behind `preview`) rejects: the swap API failed, timed out,
 * was cancelled or answered nonsense (API_ERROR, its `details.message` saying "insufficient
 * liquidity" or "not enough balance" when it said so; API_TIMEOUT, ABORTED, INVALID_RESPONSE),
 * does not serve the chain (SWAP_NETWORK_NOT_SUPPORTED, GAS_PRICE_NETWORK_NOT_SUPPORTED);
 * anything else (UNKNOWN_ERROR); the code could not be fetched (MODULE_LOAD_FAILED) or the client
 * was destroyed while it loaded (ABORTED).
 */
export type SwapQuoteErrorType = PorticoError<
  | 'API_ERROR'
  | 'API_TIMEOUT'
  | 'ABORTED'
  | 'INVALID_RESPONSE'
  | 'SWAP_NETWORK_NOT_SUPPORTED'
  | 'GAS_PRICE_NETWORK_NOT_SUPPORTED'
  | 'UNKNOWN_ERROR'
  | 'MODULE_LOAD_FAILED'
>
/**
 * Why `preview` rejects: what the quote rejects with, and the form not valid or incomplete or the
 * wallet on another network than the swap (INVALID_INPUT, `details.message`), no connected EVM
 * account that can send transactions (NO_ACTIVE_CAIP_ADDRESS), a chain the app does not list
 * (UNSUPPORTED_CHAIN), an approval or swap built for another token or account
 * (INVALID_RESPONSE); an approval or swap that does not do what the review says: another
 * contract, spender, amount, recipient, tokens, a lower minimum or another value
 * (SWAP_TRANSACTION_REFUSED, `details.reason`); a token whose decimals on chain are not the
 * API's (TOKEN_DECIMALS_MISMATCH) or could not be read (CONTRACT_READ_FAILED).
 */
export type SwapPreviewErrorType = PorticoError<
  | SwapQuoteErrorType['code']
  | 'INVALID_INPUT'
  | 'NO_ACTIVE_CAIP_ADDRESS'
  | 'UNSUPPORTED_CHAIN'
  | 'SWAP_TRANSACTION_REFUSED'
  | 'TOKEN_DECIMALS_MISMATCH'
  | 'CONTRACT_READ_FAILED'
>
/**
 * Why `approve`, `swap` and `confirm` reject: no review, or nothing of that kind in it (INVALID_INPUT); no
 * connected account or a chain the app does not list (NO_ACTIVE_CAIP_ADDRESS,
 * UNSUPPORTED_CHAIN); the user refused (USER_REJECTED), the wallet did not answer in time
 * (WALLET_TIMEOUT), failed, or the transaction reverted (WALLET_ERROR, its `details.message` saying
 * why: slippage, deadline); waiting for the receipt gave up (TIMEOUT); anything else
 * (UNKNOWN_ERROR); the code could not be fetched (MODULE_LOAD_FAILED) or the client was destroyed
 * while it loaded (ABORTED).
 * Through WalletConnect, the relay may be out of reach (RELAY_UNAVAILABLE) or the wallet not
 * answer (WALLET_TIMEOUT); the embedded (email) wallet may refuse the method or the action
 * (RPC_NOT_ALLOWED, ACTION_NOT_ALLOWED), lose its frame (EMAIL_DEPENDENCY_LOAD_FAILED) or not
 * answer (TIMEOUT), check the transaction (INVALID_INPUT), answer nonsense
 * (INVALID_RESPONSE), or reject it when the modal closes (REQUEST_ABORTED).
 */
export type SwapErrorType = PorticoError<
  | 'INVALID_INPUT'
  | 'NO_ACTIVE_CAIP_ADDRESS'
  | 'UNSUPPORTED_CHAIN'
  | 'USER_REJECTED'
  | 'WALLET_TIMEOUT'
  | 'WALLET_ERROR'
  | 'TIMEOUT'
  | 'UNKNOWN_ERROR'
  | 'MODULE_LOAD_FAILED'
  | 'ABORTED'
  | 'RELAY_UNAVAILABLE'
  | 'RPC_NOT_ALLOWED'
  | 'ACTION_NOT_ALLOWED'
  | 'EMAIL_DEPENDENCY_LOAD_FAILED'
  | 'INVALID_RESPONSE'
  | 'REQUEST_ABORTED'
>
/** Why `setMax` rejects: the gas price for the native token's reserve comes from the swap API. */
export type SwapSetMaxErrorType = SwapQuoteErrorType
/**
 * Why `setSource`, `setTarget`, `switchTokens` and `reset` reject: only when the code could not be
 * fetched (MODULE_LOAD_FAILED) or the client was destroyed while it loaded (ABORTED).
 */
export type SwapFormErrorType = PorticoError<'MODULE_LOAD_FAILED' | 'ABORTED'>
/** Why `approve` rejects: as `swap`. */
export type SwapApproveErrorType = SwapErrorType
/**
 * Why `setSlippage` rejects: not a whole percent from 0 to 50 (INVALID_INPUT); the code could not
 * be fetched (MODULE_LOAD_FAILED) or the client was destroyed while it loaded (ABORTED).
 */
export type SetSlippageErrorType = PorticoError<'INVALID_INPUT' | 'MODULE_LOAD_FAILED' | 'ABORTED'>

/** Swapping one token for another on the active chain (`client.swap`). */
export type SwapFeature = SwapStores & {
  /** The chains (CAIP-2) where swaps are offered: the default list and the app's. */
  networks: readonly CaipNetworkId[]
  /** Whether swaps are offered now: the feature is on and the wallet (or app) is on a swap network. */
  $isSupported: ReadableAtom<boolean>
  setAmount(amount: string): void
  /** Picks the token that leaves (the target's token: the two change places). */
  setSource(token: SwapToken): Promise<void>
  /** Picks the token that arrives (the source's token: the two change places). */
  setTarget(token: SwapToken): Promise<void>
  /** Source and target change places; the amount becomes what the quote paid. */
  switchTokens(): Promise<void>
  /** The whole source balance; of the native token, what is left after the network fee. */
  setMax(): Promise<void>
  /** Slippage tolerance in whole percent, 0 to 50 (INVALID_INPUT otherwise). */
  setSlippage(percent: number): Promise<void>
  /** Asks for a quote now (after a failure, or when the price may have moved). */
  refreshQuote(): Promise<void>
  /**
   * Builds the review: a fresh quote, and the approval (when the router may not spend enough of
   * the source token yet) or the swap transaction with its network fee.
   */
  preview(): Promise<SwapPreview>
  /**
   * Sends the review's approval through the wallet and waits until it is mined, then builds the
   * swap. A second call while one is pending joins it.
   */
  approve(): Promise<string>
  /**
   * Sends the review's swap through the wallet and waits until it is mined. Then: success toast,
   * balances (skipping the cache) and history refreshed, the amount cleared. A revert says why
   * (the price moved past the slippage tolerance, the deadline passed). One prompt per intent.
   */
  swap(): Promise<string>
  /**
   * Sends the review's next transaction as a step of the modal (its preview's Approve, then its
   * Swap): the step is pushed; an approval keeps the view while it is mined and the swap built
   * (as `approve`), a swap goes back one view, to the form (the toast, balances and history as
   * `swap`), and a refusal or a failure goes back to the form too (the toast says why). Rejects
   * as `approve` or `swap`. One step at a time: a call while one is under way joins it.
   */
  confirm(): Promise<string>
  /** Clears the form (the slippage stays), the review and the transactions' states. */
  reset(): Promise<void>
}

/** The swap's stores: made by the shell, written by the heavy half. */
export type SwapStores = {
  /** The form. */
  $state: ReadableAtom<SwapState>
  /**
   * The tokens to pick from, with prices and what the account holds. Loaded while something
   * shows them (again when the chain changes); the native token becomes the source by default.
   */
  $tokens: ReadableAtom<AsyncState<SwapTokenLists>>
  /**
   * What the pools pay for the form now. While something shows it, asked 400 ms after the last
   * change of the form; an answer for an older form is dropped.
   */
  $quote: ReadableAtom<AsyncState<SwapQuote>>
  /** Live checks of the amount (a number, the token's decimals, the balance, the network fee). */
  $errors: ReadableAtom<SwapErrors>
  /** The review; `data` holds the approval to send first (if any) and the swap. */
  $preview: ReadableAtom<AsyncState<SwapPreview>>
  /** The approval; `data` is its transaction hash once mined. */
  $approve: ReadableAtom<AsyncState<string>>
  /** The swap; `data` is its transaction hash once mined. */
  $swap: ReadableAtom<AsyncState<string>>
}

/** The stores as the heavy half holds them: it writes them. */
export type SwapAtoms = {
  [K in keyof SwapStores]: SwapStores[K] extends ReadableAtom<infer V> ? WritableAtom<V> : never
}

/** What the shell hands its heavy half (`lazy.ts`). */
export type SwapShell = {
  stores: SwapAtoms
  /** CAIP-2 ids of the swap networks. */
  networks: readonly CaipNetworkId[]
  /** The app's routers by eip155 chain id (`swaps.routers`), besides the built-in ones. */
  routers: Readonly<Record<number, readonly string[]>>
  isSlippage(percent: number): boolean
  connection: ConnectionInternal
  network: NetworkInternal
  balances: BalancesInternal
  history: HistoryInternal
  toast: InternalOf<typeof toastFeature>
  /** The modal its `confirm` runs steps of. */
  modal: ModalFeature
}

/** The actions the heavy half implements (the shell forwards them). */
export type SwapHalfActions = Pick<
  SwapFeature,
  | 'setSource'
  | 'setTarget'
  | 'switchTokens'
  | 'setMax'
  | 'setSlippage'
  | 'refreshQuote'
  | 'preview'
  | 'approve'
  | 'swap'
  | 'confirm'
  | 'reset'
>

/** The heavy half: the actions, and what follows the stores while they are shown. */
export type SwapHalf = SwapHalfActions & {
  /** Quotes for the form while the quote is shown; returns the stop. */
  followQuote(): () => void
  /** The chain's token lists while they are shown; returns the stop. */
  followTokens(): () => void
}
