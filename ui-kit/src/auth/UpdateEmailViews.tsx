import { useId } from 'react'
import { useViewMessages } from '../kit/messages.js'
import type { DefaultViewProps } from '../kit/types.js'
import { describedBy, ErrorText } from '../kit/viewParts.js'
import type en from './messages/en.js'
import views from './messages/en.views.js'
import {
  type UpdateEmailViewState,
  type UpdateEmailViewStep,
  useUpdateEmailView,
} from './useUpdateEmailView.js'

function UpdateEmailStep({
  step,
  children,
}: DefaultViewProps<UpdateEmailViewState> & { step: UpdateEmailViewStep }) {
  const state = useUpdateEmailView(step)
  const { t, error } = useViewMessages<typeof en & typeof views>(views)
  const id = useId()
  if (children) return <>{children(state)}</>
  const isEmail = step === 'email'
  return (
    <form
      data-portico-update-email={step}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void state.submit()
      }}
    >
      {step === 'primary' ? <p>{t('auth.currentCodeSent')}</p> : null}
      {step === 'secondary' ? <p>{t('auth.newCodeSent', { email: state.email ?? '' })}</p> : null}
      <label htmlFor={id}>{isEmail ? t('auth.newEmail') : t('auth.code')}</label>
      <input
        id={id}
        type={isEmail ? 'email' : 'text'}
        inputMode={isEmail ? 'email' : 'numeric'}
        autoComplete={isEmail ? 'email' : 'one-time-code'}
        maxLength={isEmail ? undefined : 6}
        dir="ltr"
        value={state.value}
        {...describedBy(id, state.error)}
        onChange={(event) => state.setValue(event.target.value)}
      />
      <ErrorText field={id}>{state.error && error(state.error)}</ErrorText>
      <button type="submit" data-portico-primary="" disabled={state.isPending}>
        {isEmail ? t('auth.continue') : t('auth.verify')}
      </button>
    </form>
  )
}

/** The new address; a code then goes to the current one. */
export function UpdateEmailWallet(props: DefaultViewProps<UpdateEmailViewState>) {
  return <UpdateEmailStep {...props} step="email" />
}
/** The code sent to the current address; a code then goes to the new one. */
export function UpdateEmailPrimaryOtp(props: DefaultViewProps<UpdateEmailViewState>) {
  return <UpdateEmailStep {...props} step="primary" />
}
/** The code sent to the new address; then back to Account. */
export function UpdateEmailSecondaryOtp(props: DefaultViewProps<UpdateEmailViewState>) {
  return <UpdateEmailStep {...props} step="secondary" />
}
