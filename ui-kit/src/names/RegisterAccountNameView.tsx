import { NAME_SUFFIX } from '@portico/core'
import { useId } from 'react'
import { useViewMessages } from '../kit/messages.js'
import type { DefaultViewProps } from '../kit/types.js'
import type en from './messages/en.js'
import views from './messages/en.views.js'
import {
  type RegisterAccountNameViewState,
  useRegisterAccountNameView,
} from './useRegisterAccountNameView.js'

/** Choose a name: live validation against the rule, suggestions, then the wallet signs. */
export default function RegisterAccountNameView({
  children,
}: DefaultViewProps<RegisterAccountNameViewState>) {
  const state = useRegisterAccountNameView()
  const { t, message, error: describe } = useViewMessages<typeof en & typeof views>(views)
  const inputId = useId()
  if (children) return <>{children(state)}</>
  const { value, setValue, check, exact, suggestions, step, error } = state
  return (
    <form
      data-portico-register-name=""
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void state.submit()
      }}
    >
      <label htmlFor={inputId}>{t('names.label')}</label>
      <div data-portico-field="">
        <input
          id={inputId}
          autoComplete="off"
          spellCheck={false}
          dir="ltr"
          value={value}
          aria-invalid={check && !check.valid ? true : undefined}
          aria-describedby={`${inputId}-status`}
          onChange={(event) => setValue(event.target.value)}
        />
        <span data-portico-muted="" dir="ltr">
          {NAME_SUFFIX}
        </span>
      </div>
      <div id={`${inputId}-status`} aria-live="polite">
        {check && !check.valid ? (
          <p role="alert" data-portico-error="">
            {message(check.message)}
          </p>
        ) : exact ? (
          <p data-portico-muted="">{exact.registered ? t('names.taken') : t('names.available')}</p>
        ) : null}
      </div>
      {suggestions.length > 0 ? (
        <ul data-portico-list="" aria-label={t('names.suggestions')}>
          {suggestions.map((s) => (
            <li key={s.name}>
              <button type="button" dir="ltr" onClick={() => setValue(s.name)}>
                {s.name}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p role="alert" data-portico-error="">
          {error.code === 'USER_REJECTED' ? t('names.signatureDeclined') : describe(error)}
        </p>
      ) : null}
      {step ? (
        <p data-portico-muted="">
          {step === 'signing' ? t('names.signing') : t('names.submitting')}
        </p>
      ) : null}
      <button type="submit" data-portico-primary="" disabled={!state.canSubmit}>
        {t('names.register')}
      </button>
    </form>
  )
}
