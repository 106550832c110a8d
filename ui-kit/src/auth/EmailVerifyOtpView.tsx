import { useId } from 'react'
import { useViewMessages } from '../kit/messages.js'
import type { DefaultViewProps } from '../kit/types.js'
import { describedBy, ErrorText } from '../kit/viewParts.js'
import type en from './messages/en.js'
import views from './messages/en.views.js'
import { type EmailVerifyOtpViewState, useEmailVerifyOtpView } from './useEmailVerifyOtpView.js'

/** The code from the mailbox: typed, verified, and the embedded wallet connects. */
export default function EmailVerifyOtpView({
  children,
}: DefaultViewProps<EmailVerifyOtpViewState>) {
  const state = useEmailVerifyOtpView()
  const { t, error } = useViewMessages<typeof en & typeof views>(views)
  const id = useId()
  if (children) return <>{children(state)}</>
  return (
    <form
      data-portico-email-otp=""
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void state.submit()
      }}
    >
      <p>{t('auth.codeSent', { email: state.email ?? '' })}</p>
      <label htmlFor={id}>{t('auth.code')}</label>
      <input
        id={id}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        dir="ltr"
        value={state.code}
        {...describedBy(id, state.error)}
        onChange={(event) => state.setCode(event.target.value)}
      />
      <ErrorText field={id}>{state.error && error(state.error)}</ErrorText>
      <div data-portico-actions="">
        <button
          type="button"
          disabled={state.resendIn > 0 || state.isPending}
          onClick={() => void state.resend()}
        >
          {state.resendIn > 0 ? t('auth.resendIn', { seconds: state.resendIn }) : t('auth.resend')}
        </button>
        <button type="submit" data-portico-primary="" disabled={state.isPending}>
          {state.isPending ? t('auth.authenticating') : t('auth.verify')}
        </button>
      </div>
    </form>
  )
}
