import { defineUiFeature, walletFeatureOn } from '../kit/feature.js'
import { lazyView } from '../kit/lazyView.js'
import type { DefaultViewProps } from '../kit/types.js'
import en from './messages/en.js'
import type { WalletSendPreviewViewState } from './useWalletSendPreviewView.js'
import type { WalletSendSelectTokenViewState } from './useWalletSendSelectTokenView.js'
import type { WalletSendViewState } from './useWalletSendView.js'

/** The send form; its render prop receives `useWalletSendView()`. */
export const WalletSendView = lazyView<DefaultViewProps<WalletSendViewState>>(
  () => import('./WalletSendView.js'),
)
/** The token picker; its render prop receives `useWalletSendSelectTokenView()`. */
export const WalletSendSelectTokenView = lazyView<DefaultViewProps<WalletSendSelectTokenViewState>>(
  () => import('./WalletSendSelectTokenView.js'),
)
/** The send preview; its render prop receives `useWalletSendPreviewView()`. */
export const WalletSendPreviewView = lazyView<DefaultViewProps<WalletSendPreviewViewState>>(
  () => import('./WalletSendPreviewView.js'),
)

/** Sending the native token or a token to an address or a name. */
export const sendUi = defineUiFeature({
  name: 'send',
  messages: {
    en,
    es: () => import('./messages/es.js'),
    zh: () => import('./messages/zh.js'),
    ar: () => import('./messages/ar.js'),
  },
  views: {
    WalletSend: WalletSendView,
    WalletSendSelectToken: WalletSendSelectTokenView,
    WalletSendPreview: WalletSendPreviewView,
  },
  prefetch: {
    Account: ['WalletSend'],
    WalletSend: ['WalletSendSelectToken', 'WalletSendPreview'],
  },
  accountActions: [
    {
      id: 'send',
      label: 'send.action',
      view: 'WalletSend',
      // Sending exists for eip155 and solana only (a Bitcoin account shows no Send).
      isAvailable: (context) =>
        (context.namespace === 'eip155' || context.namespace === 'solana') &&
        walletFeatureOn(context, 'send'),
    },
  ],
})
