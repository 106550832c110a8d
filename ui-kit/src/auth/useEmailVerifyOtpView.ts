import type { PorticoError } from '@portico/core'
import { isPorticoError } from '@portico/core'
import { useEmailLogin } from '@portico/react'
import { useCallback, useMemo, useState } from 'react'
import { useCountdown } from './useCountdown.js'

/** The EmailVerifyOtp view's state. */
export type EmailVerifyOtpViewState = {
  /** Where the code was sent. */
  email: string | undefined
  code: string
  setCode(code: string): void
  /** Sends the code; on success the embedded wallet connects and the modal closes. */
  submit(): Promise<void>
  isPending: boolean
  /** A wrong, expired or malformed code, or the frame's failure. */
  error: PorticoError | undefined
  /** Seconds until a new code may be asked (the 30 s between login mails); 0: now. */
  resendIn: number
  /** Asks for a new code. */
  resend(): Promise<void>
}

/** The EmailVerifyOtp view-model: the 6-digit code, Verify, and Resend after the cooldown. */
export function useEmailVerifyOtpView(): EmailVerifyOtpViewState {
  const login = useEmailLogin()
  const { verifyOtp, resendCode } = login
  const [code, setCodeState] = useState('')
  const [local, setLocal] = useState<PorticoError | undefined>()
  const resendIn = useCountdown(login.resendAt)
  const setCode = useCallback((next: string) => {
    setCodeState(next)
    setLocal(undefined)
  }, [])
  const submit = useCallback(async () => {
    setLocal(undefined)
    try {
      await verifyOtp(code)
    } catch (cause) {
      // Errors from the frame are in the login state; a malformed code never reaches it.
      if (isPorticoError(cause)) setLocal(cause)
    }
  }, [verifyOtp, code])
  const resend = useCallback(async () => {
    setLocal(undefined)
    setCodeState('')
    try {
      await resendCode()
    } catch (cause) {
      if (isPorticoError(cause)) setLocal(cause)
    }
  }, [resendCode])
  return useMemo(
    () => ({
      email: login.email,
      code,
      setCode,
      submit,
      isPending: login.isPending,
      error: local ?? login.error,
      resendIn,
      resend,
    }),
    [login.email, code, setCode, submit, login.isPending, local, login.error, resendIn, resend],
  )
}
