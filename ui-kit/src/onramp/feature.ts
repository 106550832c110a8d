import { defineUiFeature, walletFeatureOn } from '../kit/feature.js'
import { lazyView } from '../kit/lazyView.js'
import type { DefaultViewProps } from '../kit/types.js'
import en from './messages/en.js'
import type { OnRampActivityViewState } from './useOnRampActivityView.js'
import type { OnRampBuyViewState } from './useOnRampBuyView.js'
import type { OnRampProvidersViewState } from './useOnRampProvidersView.js'

/** The order form; its render prop receives `useOnRampBuyView()`. */
export const OnRampBuyView = lazyView<DefaultViewProps<OnRampBuyViewState>>(
  () => import('./OnRampBuyView.js'),
)
/** The providers; its render prop receives `useOnRampProvidersView()`. */
export const OnRampProvidersView = lazyView<DefaultViewProps<OnRampProvidersViewState>>(
  () => import('./OnRampProvidersView.js'),
)
/** The purchase in progress and past purchases; its render prop receives `useOnRampActivityView()`. */
export const OnRampActivityView = lazyView<DefaultViewProps<OnRampActivityViewState>>(
  () => import('./OnRampActivityView.js'),
)

/** Buying crypto with a card or a bank account through a provider. */
export const onrampUi = defineUiFeature({
  name: 'onramp',
  messages: {
    en,
    es: () => import('./messages/es.js'),
    zh: () => import('./messages/zh.js'),
    ar: () => import('./messages/ar.js'),
  },
  views: {
    OnRampBuy: OnRampBuyView,
    OnRampProviders: OnRampProvidersView,
    OnRampActivity: OnRampActivityView,
  },
  prefetch: {
    Account: ['OnRampBuy'],
    OnRampBuy: ['OnRampProviders', 'OnRampActivity'],
  },
  accountActions: [
    {
      id: 'onramp',
      label: 'onramp.action',
      view: 'OnRampBuy',
      // Providers deliver to EVM chains and Solana only.
      isAvailable: (context) =>
        walletFeatureOn(context, 'onramp') &&
        (context.namespace === 'eip155' || context.namespace === 'solana'),
    },
  ],
})
