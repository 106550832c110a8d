import { defineUiFeature } from '../kit/feature.js'
import { lazyView } from '../kit/lazyView.js'
import type { DefaultViewProps } from '../kit/types.js'
import en from './messages/en.js'
import type { NetworksViewState } from './useNetworksView.js'
import type { UnsupportedChainViewState } from './useUnsupportedChainView.js'

/** The Networks view; its render prop receives `useNetworksView()`. */
export const NetworksView = lazyView<DefaultViewProps<NetworksViewState>>(
  () => import('./NetworksView.js'),
)
/** The UnsupportedChain view; its render prop receives `useUnsupportedChainView()`. */
export const UnsupportedChainView = lazyView<DefaultViewProps<UnsupportedChainViewState>>(
  () => import('./UnsupportedChainView.js'),
)

/** Switching networks, and the view for a wallet on a network the app does not list. */
export const networkUi = defineUiFeature({
  name: 'network',
  messages: {
    en,
    es: () => import('./messages/es.js'),
    zh: () => import('./messages/zh.js'),
    ar: () => import('./messages/ar.js'),
  },
  views: { Networks: NetworksView, UnsupportedChain: UnsupportedChainView },
})
