import { defineUiFeature } from '../kit/feature.js'
import { lazyView } from '../kit/lazyView.js'
import type { DefaultViewProps } from '../kit/types.js'
import en from './messages/en.js'
import type { SiwxSignMessageViewState } from './useSiwxSignMessageView.js'

/** The sign-in view; its render prop receives `useSiwxSignMessageView()`. */
export const SiwxSignMessageView = lazyView<DefaultViewProps<SiwxSignMessageViewState>>(
  () => import('./SiwxSignMessageView.js'),
)
/** The legacy (`siweConfig`) sign-in view; its render prop receives `useSiwxSignMessageView()`. */
export const ConnectingSiweView = lazyView<DefaultViewProps<SiwxSignMessageViewState>>(
  () => import('./ConnectingSiweView.js'),
)

/** Sign in with the wallet: the view core opens after a connection when sign-in is on. */
export const siwxUi = defineUiFeature({
  name: 'siwx',
  messages: {
    en,
    es: () => import('./messages/es.js'),
    zh: () => import('./messages/zh.js'),
    ar: () => import('./messages/ar.js'),
  },
  views: {
    SIWXSignMessage: SiwxSignMessageView,
    ConnectingSiwe: ConnectingSiweView,
  },
})
