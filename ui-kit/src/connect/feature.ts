import { defineUiFeature } from '../kit/feature.js'
import { lazyView } from '../kit/lazyView.js'
import type { DefaultViewProps } from '../kit/types.js'
import en from './messages/en.js'
import type { AllWalletsViewState } from './useAllWalletsView.js'
import type { ConnectingExternalViewState } from './useConnectingExternalView.js'
import type { ConnectViewState } from './useConnectView.js'

/** The Connect view (loaded on demand); takes a render prop that receives `useConnectView()`. */
export const ConnectView = lazyView<DefaultViewProps<ConnectViewState>>(
  () => import('./ConnectView.js'),
)
/** The AllWallets view (loaded on demand); its render prop receives `useAllWalletsView()`. */
export const AllWalletsView = lazyView<DefaultViewProps<AllWalletsViewState>>(
  () => import('./AllWalletsView.js'),
)
/** The ConnectingExternal view; its render prop receives `useConnectingExternalView()`. */
export const ConnectingExternalView = lazyView<DefaultViewProps<ConnectingExternalViewState>>(
  () => import('./ConnectingExternalView.js'),
)

/** Choosing a wallet: Connect, AllWallets and ConnectingExternal. */
export const connectUi = defineUiFeature({
  name: 'connect',
  messages: {
    en,
    es: () => import('./messages/es.js'),
    zh: () => import('./messages/zh.js'),
    ar: () => import('./messages/ar.js'),
  },
  views: {
    Connect: ConnectView,
    AllWallets: AllWalletsView,
    ConnectingExternal: ConnectingExternalView,
  },
  // Where Connect leads: the code of the next view is here by the time the user picks a wallet.
  prefetch: { Connect: ['ConnectingExternal', 'ConnectingWalletConnect', 'AllWallets'] },
})
