import { defineUiFeature } from '../kit/feature.js'
import { lazyView } from '../kit/lazyView.js'
import type { DefaultViewProps } from '../kit/types.js'
import en from './messages/en.js'
import type { ConnectingWalletConnectViewState } from './useConnectingWalletConnectView.js'

/** The WalletConnect pairing view; its render prop receives `useConnectingWalletConnectView()`. */
export const ConnectingWalletConnectView = lazyView<
  DefaultViewProps<ConnectingWalletConnectViewState>
>(() => import('./ConnectingWalletConnectView.js'))

/** WalletConnect pairing by QR code or deep link. */
export const walletConnectUi = defineUiFeature({
  name: 'walletConnect',
  messages: {
    en,
    es: () => import('./messages/es.js'),
    zh: () => import('./messages/zh.js'),
    ar: () => import('./messages/ar.js'),
  },
  views: { ConnectingWalletConnect: ConnectingWalletConnectView },
})
