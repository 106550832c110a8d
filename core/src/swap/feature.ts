import { atom, computed, onMount, type ReadableAtom, type WritableAtom } from 'nanostores'
import { balancesFeature } from '../balances/index.js'
import type { CaipNetworkId } from '../caip/index.js'
import { connectionFeature } from '../connection/index.js'
import { PorticoError } from '../errors/index.js'
import { formatDecimal, parseDecimal } from '../format/decimal.js'
import { historyFeature } from '../history/index.js'
import { type AsyncState, createAsyncAction, errorState, idleState } from '../kernel/async.js'
import { withDeadline } from '../kernel/deadline.js'
import { defineFeature } from '../kernel/feature.js'
import { errorMessage } from '../messages/types.js'
import { networkFeature } from '../network/index.js'
import { invalidOption } from '../options/index.js'
import { toSafeImageUrl } from '../security/imageUrl.js'
import { cleanDisplayText, TEXT_LIMITS } from '../security/text.js'
import { toastFeature } from '../toast/index.js'
import {
  SWAP_CHAIN_IDS,
  SWAP_DEFAULT_SLIPPAGE,
  SWAP_LOAD_FAILED,
  SWAP_MAX_SLIPPAGE,
} from './constants.js'
import type { SwapEngine } from './engine/createSwapEngine.js'
import type {
  SwapErrors,
  SwapOptions,
  SwapPreview,
  SwapQuote,
  SwapState,
  SwapToken,
  SwapTokenLists,
} from './types.js'

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
const ASYNC_STORES = ['$tokens', '$quote', '$preview', '$approve', '$swap'] as const
/** The stores the loaded part fills while they are shown (fetch on use). */
const WATCHED_STORES = ['$quote', '$tokens'] as const
export type SwapWatched = (typeof WATCHED_STORES)[number]

/** The actions the loaded part implements. */
const LOADED_ACTIONS = [
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

const needs = [
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

/**
 * Swaps. This module is the light part every page loads: the options, the stores, and actions
 * that load the rest (`engine/`, a chunk of its own) on first use: when something shows the
 * tokens or the quote, or an action runs. An app that never opens Swap never downloads it.
 */
export const swapFeature = defineFeature({
  name: 'swap',
  needs,
  options({ swaps: { chainIds = [], slippage = SWAP_DEFAULT_SLIPPAGE } = {} }: SwapOptions) {
    if (!chainIds.every((id) => Number.isSafeInteger(id) && id > 0) || !isSlippage(slippage)) {
      invalidOption(`swaps: chainIds are chain ids, slippage 0 to ${SWAP_MAX_SLIPPAGE}`)
    }
    return { chainIds, slippage }
  },
  create(context, options): { public: SwapFeature } {
    const network = context.use(networkFeature)
    const networks = [...SWAP_CHAIN_IDS, ...options.chainIds].map(
      (id): CaipNetworkId => `eip155:${id}`,
    )
    const $state = atom<SwapState>({
      source: undefined,
      target: undefined,
      amount: '',
      slippage: options.slippage,
    })
    const stores = { $state, $errors: atom({}) } as SwapAtoms
    for (const key of ASYNC_STORES) stores[key] = atom(idleState()) as never
    let engine: Promise<SwapEngine> | undefined
    const load = () =>
      (engine ??= import('./engine/createSwapEngine.js').then(
        (module) => module.createSwapEngine({ context, stores, networks, needs, kit: swapKit() }),
        (cause: unknown) => {
          engine = undefined // the next use downloads it again
          throw new PorticoError('UNKNOWN_ERROR', 'Swaps could not be loaded', {
            cause,
            details: { message: SWAP_LOAD_FAILED },
          })
        },
      ))
    // While the quote or the tokens are shown, the loaded part follows what they show.
    for (const key of WATCHED_STORES) {
      const store = stores[key] as WritableAtom<AsyncState<unknown>>
      onMount(store, () => {
        const watching = load().then(
          (loaded) => loaded.watch(key),
          (error: PorticoError) => {
            store.set(errorState(store.get(), error))
            return () => undefined
          },
        )
        return () => void watching.then((stop) => stop())
      })
    }
    const actions = Object.fromEntries(
      LOADED_ACTIONS.map((name) => [
        name,
        (...args: never[]) =>
          load().then((loaded) => (loaded[name] as (...a: never[]) => unknown)(...args)),
      ]),
    ) as Pick<SwapFeature, (typeof LOADED_ACTIONS)[number]>
    return {
      public: {
        ...stores,
        ...actions,
        networks,
        $isSupported: computed(
          [network.$walletChainId, network.$activeNetwork],
          (wallet, active) =>
            context.options.features.swaps && networks.includes(wallet ?? active.id),
        ),
        // Typing must not wait for a chunk: an input shows what the store holds at once.
        setAmount: (amount) => $state.set({ ...$state.get(), amount }),
      },
    }
  },
})
