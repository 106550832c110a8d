import { atom, computed } from 'nanostores'
import { balancesFeature } from '../balances/index.js'
import type { CaipNetworkId } from '../caip/index.js'
import { connectionFeature } from '../connection/index.js'
import { historyFeature } from '../history/index.js'
import { idleState } from '../kernel/async.js'
import { defineFeature } from '../kernel/feature.js'
import { modalFeature } from '../modal/index.js'
import { networkFeature } from '../network/index.js'
import { invalidOption } from '../options/index.js'
import { toastFeature } from '../toast/index.js'
import {
  SWAP_CHAIN_IDS,
  SWAP_DEFAULT_SLIPPAGE,
  SWAP_LOAD_FAILED,
  SWAP_MAX_SLIPPAGE,
} from './constants.js'
import { areRouters, isChainId, isSlippage } from './slippage.js'
import type { SwapAtoms, SwapFeature, SwapOptions } from './types.js'

/**
 * Swaps. The shell every page loads holds the options and the stores; the rest (`lazy.ts`) comes
 * on first use: when something shows the tokens or the quote, or an action runs. An app that
 * never opens Swap never downloads it.
 */
export const swapFeature = defineFeature({
  name: 'swap',
  needs: [
    connectionFeature,
    networkFeature,
    balancesFeature,
    historyFeature,
    toastFeature,
    modalFeature,
  ],
  options({
    swaps: { chainIds = [], slippage = SWAP_DEFAULT_SLIPPAGE, routers = {} } = {},
  }: SwapOptions) {
    if (!chainIds.every(isChainId) || !isSlippage(slippage)) {
      invalidOption(`swaps: chainIds are chain ids, slippage 0 to ${SWAP_MAX_SLIPPAGE}`)
    }
    if (!areRouters(routers)) {
      invalidOption('swaps: routers are lists of 0x addresses by chain id')
    }
    return { chainIds, slippage, routers }
  },
  lazy: () => import('./lazy.js'),
  lazyError: SWAP_LOAD_FAILED,
  create(context, options, lazy): { public: SwapFeature } {
    const network = context.use(networkFeature)
    const networks = [...SWAP_CHAIN_IDS, ...options.chainIds].map(
      (id): CaipNetworkId => `eip155:${id}`,
    )
    const $state = atom({
      source: undefined,
      target: undefined,
      amount: '',
      slippage: options.slippage,
    })
    const stores = {
      $state,
      $errors: atom({}),
      $tokens: atom(idleState()),
      $quote: atom(idleState()),
      $preview: atom(idleState()),
      $approve: atom(idleState()),
      $swap: atom(idleState()),
    } as SwapAtoms
    const half = lazy({
      stores,
      networks,
      routers: options.routers,
      isSlippage,
      connection: context.use(connectionFeature),
      network,
      balances: context.use(balancesFeature),
      history: context.use(historyFeature),
      toast: context.use(toastFeature),
      modal: context.use(modalFeature),
    })
    // While the quote or the tokens are shown, the half follows what they show.
    half.whileShown(stores.$quote, (swap) => swap.followQuote())
    half.whileShown(stores.$tokens, (swap) => swap.followTokens())
    return {
      public: {
        ...stores,
        ...half.actions(
          'setSource',
          'setTarget',
          'switchTokens',
          'setMax',
          'setSlippage',
          'refreshQuote',
          'preview',
          'approve',
          'swap',
          'confirm',
          'reset',
        ),
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
