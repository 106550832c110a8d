import { type ReactNode, useId } from 'react'
import { useViewMessages } from '../kit/messages.js'
import type en from './messages/en.js'
import views from './messages/en.views.js'
import { type EmailFieldViewState, useEmailFieldView } from './useEmailFieldView.js'

/**
 * The email login field of the Connect view: an address and Continue. Nothing of the secure frame
 * loads until the user types an address.
 */
export function EmailField({ children }: { children?: (state: EmailFieldViewState) => ReactNode }) {
  const state = useEmailFieldView()
  const { t, error } = useViewMessages<typeof en & typeof views>(views)
  const id = useId()
  if (children) return <>{children(state)}</>
  if (!state.isAvailable) return null
  return (
    <form
      data-portico-email=""
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void state.submit()
      }}
    >
      <label htmlFor={id}>{t('auth.email')}</label>
      <input
        id={id}
        type="email"
        inputMode="email"
        autoComplete="email"
        spellCheck={false}
        dir="ltr"
        value={state.email}
        aria-invalid={state.error ? true : undefined}
        aria-describedby={state.error ? `${id}-error` : undefined}
        onChange={(event) => state.setEmail(event.target.value)}
      />
      {state.error ? (
        <p id={`${id}-error`} role="alert" data-portico-error="">
          {error(state.error)}
        </p>
      ) : null}
      <button type="submit" data-portico-primary="" disabled={state.isPending}>
        {state.isPending ? t('auth.authenticating') : t('auth.continue')}
      </button>
    </form>
  )
}
