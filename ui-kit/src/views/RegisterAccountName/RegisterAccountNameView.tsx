import { checkName, type NameSuggestion } from '@portico/core'
import { useModal, useNames, usePortico, useRegisterName } from '@portico/react'
import { useEffect, useId, useState } from 'react'
import { useMessages } from '../../messages/useMessages.js'
import type { ViewProps } from '../../modal/types.js'

/** Wait after the last keystroke before asking for suggestions. */
const SUGGESTION_DELAY_MS = 300

/** Choose a name: live validation against the rule, suggestions, then the wallet signs. */
export function RegisterAccountNameView(_props: ViewProps) {
  const client = usePortico()
  const messages = useMessages()
  const { suggestions } = useNames()
  const { register, status, error, reset } = useRegisterName()
  const { replace } = useModal()
  const inputId = useId()
  const [value, setValue] = useState('')
  const [found, setFound] = useState<readonly NameSuggestion[]>([])
  const check = value.trim() ? checkName(value) : undefined
  const label = check?.valid ? check.label : undefined

  useEffect(() => {
    if (!label) {
      setFound([])
      return
    }
    let current = true
    const timer = setTimeout(() => {
      suggestions(label)
        .then((list) => current && setFound(list))
        .catch(() => current && setFound([]))
    }, SUGGESTION_DELAY_MS)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [label, suggestions])

  const exact = check?.valid ? found.find((s) => s.name === check.name) : undefined
  const busy = status === 'signing' || status === 'submitting'

  async function submit(name: string) {
    try {
      const registered = await register(name)
      // The success step resets to Account when done (spec §2: a success step resets to a view).
      client.modal.pushTransactionStep({ view: 'Account', onSuccess: reset })
      replace('RegisterAccountNameSuccess', { name: registered })
    } catch {
      // The error is in `error`, shown below; the input keeps its text.
    }
  }

  return (
    <form
      data-portico-register-name=""
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (check?.valid) void submit(check.name)
      }}
    >
      <label htmlFor={inputId}>{messages['name.label']}</label>
      <div data-portico-field="">
        <input
          id={inputId}
          autoComplete="off"
          spellCheck={false}
          value={value}
          aria-invalid={check && !check.valid ? true : undefined}
          aria-describedby={`${inputId}-status`}
          onChange={(event) => setValue(event.target.value)}
        />
        <span data-portico-muted="">{messages['name.suffix']}</span>
      </div>
      <div id={`${inputId}-status`} aria-live="polite">
        {check && !check.valid ? (
          <p role="alert" data-portico-error="">
            {check.message}
          </p>
        ) : exact ? (
          <p data-portico-muted="">
            {exact.registered ? messages['name.taken'] : messages['name.available']}
          </p>
        ) : null}
      </div>
      {found.some((s) => !s.registered && s.name !== (check?.valid ? check.name : '')) ? (
        <ul data-portico-list="" aria-label={messages['name.suggestions']}>
          {found
            .filter((s) => !s.registered && s.name !== (check?.valid ? check.name : ''))
            .map((s) => (
              <li key={s.name}>
                <button type="button" onClick={() => setValue(s.name)}>
                  {s.name}
                </button>
              </li>
            ))}
        </ul>
      ) : null}
      {error ? (
        <p role="alert" data-portico-error="">
          {error.message}
        </p>
      ) : null}
      {busy ? (
        <p data-portico-muted="">
          {status === 'signing' ? messages['name.signing'] : messages['name.submitting']}
        </p>
      ) : null}
      <button
        type="submit"
        data-portico-primary=""
        disabled={!check?.valid || busy || exact?.registered === true}
      >
        {messages['name.register']}
      </button>
    </form>
  )
}
