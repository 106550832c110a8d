import { defineUiFeature, walletFeatureOn } from '../kit/feature.js'
import { lazyView } from '../kit/lazyView.js'
import type { DefaultViewProps } from '../kit/types.js'
import en from './messages/en.js'
import type { WalletReceiveViewState } from './useWalletReceiveView.js'

/** The receive view; its render prop receives `useWalletReceiveView()`. */
export const WalletReceiveView = lazyView<DefaultViewProps<WalletReceiveViewState>>(
  () => import('./WalletReceiveView.js'),
)

/** Receiving: the address as text and QR code. */
export const receiveUi = defineUiFeature({
  name: 'receive',
  messages: {
    en,
    es: () => import('./messages/es.js'),
    zh: () => import('./messages/zh.js'),
    ar: () => import('./messages/ar.js'),
  },
  views: { WalletReceive: WalletReceiveView },
  prefetch: { Account: ['WalletReceive'] },
  accountActions: [
    {
      id: 'receive',
      label: 'receive.action',
      view: 'WalletReceive',
      isAvailable: (context) => walletFeatureOn(context, 'receive'),
    },
  ],
})
