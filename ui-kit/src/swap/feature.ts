import { defineUiFeature, walletFeatureOn } from '../kit/feature.js'
import { lazyView } from '../kit/lazyView.js'
import type { DefaultViewProps } from '../kit/types.js'
import en from './messages/en.js'
import type { SwapPreviewViewState } from './useSwapPreviewView.js'
import type { SwapSelectTokenViewState } from './useSwapSelectTokenView.js'
import type { SwapViewState } from './useSwapView.js'

/** The swap form; its render prop receives `useSwapView()`. */
export const SwapView = lazyView<DefaultViewProps<SwapViewState>>(() => import('./SwapView.js'))
/** The token picker; its render prop receives `useSwapSelectTokenView()`. */
export const SwapSelectTokenView = lazyView<DefaultViewProps<SwapSelectTokenViewState>>(
  () => import('./SwapSelectTokenView.js'),
)
/** The review with Approve then Swap; its render prop receives `useSwapPreviewView()`. */
export const SwapPreviewView = lazyView<DefaultViewProps<SwapPreviewViewState>>(
  () => import('./SwapPreviewView.js'),
)

/** Swapping one token for another, on the swap networks only. */
export const swapUi = defineUiFeature({
  name: 'swap',
  messages: {
    en,
    es: () => import('./messages/es.js'),
    zh: () => import('./messages/zh.js'),
    ar: () => import('./messages/ar.js'),
  },
  views: { Swap: SwapView, SwapSelectToken: SwapSelectTokenView, SwapPreview: SwapPreviewView },
  prefetch: { Account: ['Swap'], Swap: ['SwapSelectToken', 'SwapPreview'] },
  accountActions: [
    {
      id: 'swaps',
      label: 'swap.action',
      view: 'Swap',
      isAvailable: (context) =>
        walletFeatureOn(context, 'swaps') &&
        context.namespace === 'eip155' &&
        context.client.swap.networks.includes(context.chainId),
    },
  ],
})
