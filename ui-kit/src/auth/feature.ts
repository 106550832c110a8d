import { defineUiFeature } from '../kit/feature.js'
import { lazyView } from '../kit/lazyView.js'
import type { DefaultViewProps } from '../kit/types.js'
import en from './messages/en.js'
import type { ApproveTransactionViewState } from './useApproveTransactionView.js'
import type { EmailVerifyDeviceViewState } from './useEmailVerifyDeviceView.js'
import type { EmailVerifyOtpViewState } from './useEmailVerifyOtpView.js'
import type { UpdateEmailViewState } from './useUpdateEmailView.js'

/** The code from the mailbox; its render prop receives `useEmailVerifyOtpView()`. */
export const EmailVerifyOtpView = lazyView<DefaultViewProps<EmailVerifyOtpViewState>>(
  () => import('./EmailVerifyOtpView.js'),
)
/** The device link from the mailbox; its render prop receives `useEmailVerifyDeviceView()`. */
export const EmailVerifyDeviceView = lazyView<DefaultViewProps<EmailVerifyDeviceViewState>>(
  () => import('./EmailVerifyDeviceView.js'),
)
/** The secure frame's approval; its render prop receives `useApproveTransactionView(data)`. */
export const ApproveTransactionView = lazyView<DefaultViewProps<ApproveTransactionViewState>>(
  () => import('./ApproveTransactionView.js'),
)
/** The new address; its render prop receives `useUpdateEmailView('email')`. */
export const UpdateEmailWalletView = lazyView<DefaultViewProps<UpdateEmailViewState>>(() =>
  import('./UpdateEmailViews.js').then((m) => ({ default: m.UpdateEmailWallet })),
)
/** The current address's code; its render prop receives `useUpdateEmailView('primary')`. */
export const UpdateEmailPrimaryOtpView = lazyView<DefaultViewProps<UpdateEmailViewState>>(() =>
  import('./UpdateEmailViews.js').then((m) => ({ default: m.UpdateEmailPrimaryOtp })),
)
/** The new address's code; its render prop receives `useUpdateEmailView('secondary')`. */
export const UpdateEmailSecondaryOtpView = lazyView<DefaultViewProps<UpdateEmailViewState>>(() =>
  import('./UpdateEmailViews.js').then((m) => ({ default: m.UpdateEmailSecondaryOtp })),
)

/** Email login, the email update and the embedded wallet's approvals. */
export const authUi = defineUiFeature({
  name: 'auth',
  messages: {
    en,
    es: () => import('./messages/es.js'),
    zh: () => import('./messages/zh.js'),
    ar: () => import('./messages/ar.js'),
  },
  views: {
    EmailVerifyOtp: EmailVerifyOtpView,
    EmailVerifyDevice: EmailVerifyDeviceView,
    ApproveTransaction: ApproveTransactionView,
    UpdateEmailWallet: UpdateEmailWalletView,
    UpdateEmailPrimaryOtp: UpdateEmailPrimaryOtpView,
    UpdateEmailSecondaryOtp: UpdateEmailSecondaryOtpView,
  },
  prefetch: {
    Connect: ['EmailVerifyOtp'],
    Account: ['ApproveTransaction'],
    UpdateEmailWallet: ['UpdateEmailPrimaryOtp'],
  },
  accountActions: [
    {
      id: 'updateEmail',
      label: 'auth.updateEmailAction',
      view: 'UpdateEmailWallet',
      isAvailable: ({ client, namespace }) =>
        namespace === 'eip155' && client.auth.$user.get() !== undefined,
    },
  ],
})
