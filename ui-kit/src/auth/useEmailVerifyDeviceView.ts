import type { PorticoError } from '@portico/core'
import { useEmailLogin, usePortico } from '@portico/react'
import { useEffect, useMemo } from 'react'

/** The EmailVerifyDevice view's state. */
export type EmailVerifyDeviceViewState = {
  /** Where the device link was sent. */
  email: string | undefined
  /** The link expired or the frame failed; going back starts again. */
  error: PorticoError | undefined
}

/**
 * The EmailVerifyDevice view-model: waits (in core) for the link in the mailbox to be opened; once
 * it is, the code is on its way and the view is replaced by EmailVerifyOtp.
 */
export function useEmailVerifyDeviceView(): EmailVerifyDeviceViewState {
  const { modal } = usePortico()
  const { step, email, error } = useEmailLogin()
  useEffect(() => {
    if (step === 'otp' && modal.$view.get().view === 'EmailVerifyDevice')
      modal.replace('EmailVerifyOtp')
  }, [step, modal])
  return useMemo(() => ({ email, error }), [email, error])
}
