import { defineUiFeature } from '../kit/feature.js'
import { lazyView } from '../kit/lazyView.js'
import type { DefaultViewProps } from '../kit/types.js'
import en from './messages/en.js'
import type { AccountViewState } from './useAccountView.js'

/** The Account view (loaded on demand); its render prop receives `useAccountView()`. */
export const AccountView = lazyView<DefaultViewProps<AccountViewState>>(
  () => import('./AccountView.js'),
)

/** The connected account. Other features add their buttons through `accountActions`. */
export const accountUi = defineUiFeature({
  name: 'account',
  messages: {
    en,
    es: () => import('./messages/es.js'),
    zh: () => import('./messages/zh.js'),
    ar: () => import('./messages/ar.js'),
  },
  views: { Account: AccountView },
  prefetch: { Account: ['Networks'] },
})
