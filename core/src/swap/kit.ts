import type { ReadableAtom, WritableAtom } from 'nanostores'
import { balancesFeature } from '../balances/index.js'
import type { CaipNetworkId } from '../caip/index.js'
import { connectionFeature } from '../connection/index.js'
import { PorticoError } from '../errors/index.js'
import { formatDecimal, parseDecimal } from '../format/decimal.js'
import { historyFeature } from '../history/index.js'
import { type AsyncState, createAsyncAction } from '../kernel/async.js'
import { withDeadline } from '../kernel/deadline.js'
import { errorMessage } from '../messages/types.js'
import { networkFeature } from '../network/index.js'
import { toSafeImageUrl } from '../security/imageUrl.js'
import { cleanDisplayText, TEXT_LIMITS } from '../security/text.js'
import { toastFeature } from '../toast/index.js'
import { SWAP_MAX_SLIPPAGE } from './constants.js'
import type {
  SwapErrors,
  SwapPreview,
  SwapQuote,
  SwapState,
  SwapToken,
  SwapTokenLists,
} from './types.js'

/*
 * What the swap's light part (feature.ts) and its loaded part (engine/) share: the public shape,
 * the stores, the features it needs and the client helpers it hands over. Both import this
 * module and never each other (the light part only names the engine in its import()).
 */

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
  /** Clears the form (the slippage stays), the review and the transactions' states. */
  reset(): Promise<void>
}

/** The swap's stores: made by the light part, written by the loaded one. */
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

/** The stores as the loaded part holds them: it writes them. */
export type SwapAtoms = {
  [K in keyof SwapStores]: SwapStores[K] extends ReadableAtom<infer V> ? WritableAtom<V> : never
}

/** Slippage is a whole percent from 0 to 50: what the swap API takes. */
export function isSlippage(percent: number): boolean {
  return Number.isInteger(percent) && percent >= 0 && percent <= SWAP_MAX_SLIPPAGE
}

/** The stores of an async state: idle until the loaded part writes them. */
export const ASYNC_STORES = ['$tokens', '$quote', '$preview', '$approve', '$swap'] as const
/** The stores the loaded part fills while they are shown (fetch on use). */
export const WATCHED_STORES = ['$quote', '$tokens'] as const
export type SwapWatched = (typeof WATCHED_STORES)[number]

/** The actions the loaded part implements. */
export const LOADED_ACTIONS = [
  'setSource',
  'setTarget',
  'switchTokens',
  'setMax',
  'setSlippage',
  'refreshQuote',
  'preview',
  'approve',
  'swap',
  'reset',
] as const

export const needs = [
  connectionFeature,
  networkFeature,
  balancesFeature,
  historyFeature,
  toastFeature,
] as const
export type SwapNeeds = typeof needs

/**
 * What the loaded part gets from the client's own code instead of importing it: a chunk that
 * imported these modules would make bundlers split the page's first chunk around them.
 */
export const swapKit = () => ({
  PorticoError,
  createAsyncAction,
  withDeadline,
  errorMessage,
  parseDecimal,
  formatDecimal,
  cleanDisplayText,
  TEXT_LIMITS,
  toSafeImageUrl,
  isSlippage,
})
export type SwapKit = ReturnType<typeof swapKit>

/** The loaded part of the swap feature: what its light part calls. */
export type SwapEngine = Pick<SwapFeature, (typeof LOADED_ACTIONS)[number]> & {
  /** Follows what the store shows (quotes for the form, the chain's tokens); returns the stop. */
  watch(store: SwapWatched): () => void
}
