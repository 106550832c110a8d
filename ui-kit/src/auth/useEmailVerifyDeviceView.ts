import type { PorticoError } from '@portico/core'
import { useEmailLogin } from '@portico/react'
import { useMemo } from 'react'

/** The EmailVerifyDevice view's state. */
export type EmailVerifyDeviceViewState = {
  /** Where the device link was sent. */
  email: string | undefined
  /** The link expired or the frame failed; going back starts again. */
  error: PorticoError | undefined
}

/**
 * The EmailVerifyDevice view-model. Core waits for the link in the mailbox to be opened, then
 * replaces this view by EmailVerifyOtp (the code is on its way); leaving the view abandons the
 * login.
 */
export function useEmailVerifyDeviceView(): EmailVerifyDeviceViewState {
  const { email, error } = useEmailLogin()
  return useMemo(() => ({ email, error }), [email, error])
}
