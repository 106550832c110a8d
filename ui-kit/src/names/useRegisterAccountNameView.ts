import { checkName, type NameCheck, type NameSuggestion, type PorticoError } from '@portico/core'
import { useModal, useNames, useRegisterName } from '@portico/react'
import { useCallback, useEffect, useMemo, useState } from 'react'

/** Wait after the last keystroke before asking for suggestions. */
export const SUGGESTION_DELAY_MS = 300

/** The RegisterAccountName view's state. */
export type RegisterAccountNameViewState = {
  /** What the user typed. */
  value: string
  setValue(value: string): void
  /** The name rule applied to it; undefined while the field is empty. */
  check: NameCheck | undefined
  /** The typed name as the name service knows it (registered or not), once it answered. */
  exact: NameSuggestion | undefined
  /** Free names like the typed one. */
  suggestions: readonly NameSuggestion[]
  /** 'signing' while the wallet is asked, 'submitting' while the service stores the name. */
  step: 'signing' | 'submitting' | undefined
  /** Why the last registration failed. */
  error: PorticoError | undefined
  /** A valid name that is not taken, and nothing under way. */
  canSubmit: boolean
  /** Registers the typed name; on success shows RegisterAccountNameSuccess. */
  submit(): Promise<void>
}

/**
 * The RegisterAccountName view-model: live validation against the name rule, suggestions 300 ms
 * after the last keystroke, then the wallet signs and the success step resets to Account.
 */
export function useRegisterAccountNameView(): RegisterAccountNameViewState {
  const { suggestions: fetchSuggestions } = useNames()
  const { register, step, error, isPending, reset } = useRegisterName()
  const { replace, pushTransactionStep } = useModal()
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
      fetchSuggestions(label)
        .then((list) => current && setFound(list))
        .catch(() => current && setFound([]))
    }, SUGGESTION_DELAY_MS)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [label, fetchSuggestions])

  const name = check?.valid ? check.name : undefined
  const exact = name ? found.find((s) => s.name === name) : undefined
  const submit = useCallback(async () => {
    if (!name) return
    let registered: string
    try {
      registered = await register(name)
    } catch {
      // The failure is in `error`; the field keeps its text.
      return
    }
    // The success step resets to Account when done (a success step may reset to a view).
    pushTransactionStep({ view: 'Account', onSuccess: reset })
    replace('RegisterAccountNameSuccess', { name: registered })
  }, [name, register, pushTransactionStep, reset, replace])

  return useMemo(
    () => ({
      value,
      setValue,
      check,
      exact,
      suggestions: found.filter((s) => !s.registered && s.name !== name),
      step,
      error,
      canSubmit: Boolean(name) && !isPending && exact?.registered !== true,
      submit,
    }),
    [value, check, exact, found, name, step, error, isPending, submit],
  )
}
