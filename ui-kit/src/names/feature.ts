import { defineUiFeature } from '../kit/feature.js'
import { lazyView } from '../kit/lazyView.js'
import type { DefaultViewProps } from '../kit/types.js'
import en from './messages/en.js'
import type { RegisterAccountNameSuccessViewState } from './useRegisterAccountNameSuccessView.js'
import type { RegisterAccountNameViewState } from './useRegisterAccountNameView.js'

/** The name registration view; its render prop receives `useRegisterAccountNameView()`. */
export const RegisterAccountNameView = lazyView<DefaultViewProps<RegisterAccountNameViewState>>(
  () => import('./RegisterAccountNameView.js'),
)
/** The registration success view; its render prop receives `useRegisterAccountNameSuccessView()`. */
export const RegisterAccountNameSuccessView = lazyView<
  DefaultViewProps<RegisterAccountNameSuccessViewState>
>(() => import('./RegisterAccountNameSuccessView.js'))

/** Account names: choose and register one (offered on Account when the account has none). */
export const namesUi = defineUiFeature({
  name: 'names',
  messages: {
    en,
    es: () => import('./messages/es.js'),
    zh: () => import('./messages/zh.js'),
    ar: () => import('./messages/ar.js'),
  },
  views: {
    RegisterAccountName: RegisterAccountNameView,
    RegisterAccountNameSuccess: RegisterAccountNameSuccessView,
  },
  prefetch: { RegisterAccountName: ['RegisterAccountNameSuccess'] },
  accountActions: [
    {
      id: 'name',
      label: 'names.action',
      view: 'RegisterAccountName',
      // Names exist on eip155 only, and an account with a name does not need another.
      isAvailable: ({ namespace, profileName }) => namespace === 'eip155' && !profileName,
    },
  ],
})
