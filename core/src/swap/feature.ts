import { atom, computed, onMount, type WritableAtom } from 'nanostores'
import type { CaipNetworkId } from '../caip/index.js'
import { PorticoError } from '../errors/index.js'
import { type AsyncState, errorState, idleState } from '../kernel/async.js'
import { defineFeature } from '../kernel/feature.js'
import { networkFeature } from '../network/index.js'
import { invalidOption } from '../options/index.js'
import {
  SWAP_CHAIN_IDS,
  SWAP_DEFAULT_SLIPPAGE,
  SWAP_LOAD_FAILED,
  SWAP_MAX_SLIPPAGE,
} from './constants.js'
import {
  ASYNC_STORES,
  isSlippage,
  LOADED_ACTIONS,
  needs,
  type SwapAtoms,
  type SwapEngine,
  type SwapFeature,
  swapKit,
  WATCHED_STORES,
} from './kit.js'
import type { SwapOptions, SwapState } from './types.js'

export type { SwapFeature, SwapStores } from './kit.js'

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
