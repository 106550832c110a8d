import { useViewMessages } from '../kit/messages.js'
import type { DefaultViewProps } from '../kit/types.js'
import type en from './messages/en.js'
import views from './messages/en.views.js'
import {
  type EmailVerifyDeviceViewState,
  useEmailVerifyDeviceView,
} from './useEmailVerifyDeviceView.js'

/** A new browser: the mailbox has a link to approve this device, then the code follows. */
export default function EmailVerifyDeviceView({
  children,
}: DefaultViewProps<EmailVerifyDeviceViewState>) {
  const state = useEmailVerifyDeviceView()
  const { t, error } = useViewMessages<typeof en & typeof views>(views)
  if (children) return <>{children(state)}</>
  return (
    <div data-portico-email-device="">
      <p data-portico-heading="">{t('auth.deviceSent', { email: state.email ?? '' })}</p>
      <p>{t('auth.deviceHint')}</p>
      {state.error ? (
        <p role="alert" data-portico-error="">
          {error(state.error)}
        </p>
      ) : (
        <p aria-live="polite" data-portico-muted="">
          {t('auth.deviceWaiting')}
        </p>
      )}
    </div>
  )
}
