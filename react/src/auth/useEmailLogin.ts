import { useStore } from '@nanostores/react'
import type { AuthFeature, EmailLoginState } from '@portico/core'
import { useMemo } from 'react'
import { usePortico } from '../context/usePortico.js'

/** What `useEmailLogin` returns. */
export type UseEmailLoginReturnType = EmailLoginState & {
  /**
   * Sends a code (or, on a new browser, a device approval link) to the address; resolves with the
   * next step. Rejects with 'Please try again after N seconds' within 30 s of the last login mail.
   */
  connectEmail: AuthFeature['connectEmail']
  /** The 6-digit code from the mailbox; on success the embedded wallet is connected. */
  verifyOtp: AuthFeature['verifyOtp']
  /** A new code for the same address, once the 30 s allow it. */
  resendCode: AuthFeature['resendCode']
  /** Back to the address step. */
  reset: AuthFeature['resetLogin']
  /** Loads the secure frame ahead of `connectEmail` (once the user starts typing an address). */
  preload: AuthFeature['preload']
}

/**
 * Email login with a one-time code: `step` (email, device, otp), the uniform async shape
 * (`status`, `data` the connection once done, `error`, `isPending`) and the actions. The secure
 * frame is loaded by the first `connectEmail`, never by this hook.
 */
export function useEmailLogin(): UseEmailLoginReturnType {
  const { auth } = usePortico()
  const state = useStore(auth.$login)
  return useMemo(
    () => ({
      ...state,
      connectEmail: auth.connectEmail,
      verifyOtp: auth.verifyOtp,
      resendCode: auth.resendCode,
      reset: auth.resetLogin,
      preload: auth.preload,
    }),
    [state, auth],
  )
}
