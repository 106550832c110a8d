import type { PorticoError } from '@portico/core'
import { isPorticoError } from '@portico/core'
import { useEmailLogin, useModal, usePorticoOptions } from '@portico/react'
import { useCallback, useMemo, useRef, useState } from 'react'

/** The email field of the Connect view: what its markup draws. */
export type EmailFieldViewState = {
  /** Whether the app offers email login (`features.email`). */
  isAvailable: boolean
  email: string
  setEmail(email: string): void
  /**
   * Asks for a code (or a device link): on success the modal shows EmailVerifyOtp or
   * EmailVerifyDevice, or closes when the frame was already signed in as this address. A bad
   * address or the 30 s between logins stays in `error`.
   */
  submit(): Promise<void>
  /** The secure frame loads and sends the mail. */
  isPending: boolean
  error: PorticoError | undefined
}

/** The email field's view-model: the address, Continue, and where the login goes next. */
export function useEmailFieldView(): EmailFieldViewState {
  const { features } = usePorticoOptions()
  const { connectEmail, preload, email: loginEmail } = useEmailLogin()
  const { push, close } = useModal()
  // Back from a code or device step: the address typed before is still there.
  const [email, setEmailState] = useState(() => loginEmail ?? '')
  const [error, setError] = useState<PorticoError | undefined>()
  const [isPending, setPending] = useState(false)
  // Only the latest Continue may move the modal (a double click, or a new address typed).
  const latest = useRef(0)
  const preloaded = useRef(false)
  const setEmail = useCallback(
    (next: string) => {
      setEmailState(next)
      setError(undefined)
      // The user started typing an address: they chose email, so the secure frame loads now and
      // Continue sends the mail sooner. Opening Connect alone (the field focused) loads nothing.
      if (next !== '' && !preloaded.current) {
        preloaded.current = true
        preload().catch(() => {
          preloaded.current = false
        })
      }
    },
    [preload],
  )
  const submit = useCallback(async () => {
    const attempt = ++latest.current
    setPending(true)
    setError(undefined)
    try {
      const outcome = await connectEmail(email)
      if (attempt !== latest.current) return
      if (outcome === 'otp') push('EmailVerifyOtp')
      else if (outcome === 'device') push('EmailVerifyDevice')
      else close()
    } catch (cause) {
      if (attempt === latest.current && isPorticoError(cause)) setError(cause)
    } finally {
      if (attempt === latest.current) setPending(false)
    }
  }, [connectEmail, email, push, close])
  return useMemo(
    () => ({
      isAvailable: features.email,
      email,
      setEmail,
      submit,
      isPending,
      error,
    }),
    [features, email, setEmail, submit, isPending, error],
  )
}
