import type { PorticoError } from '@portico/core'
import { isPorticoError } from '@portico/core'
import { useModal, useUpdateEmail } from '@portico/react'
import { useCallback, useMemo, useState } from 'react'

/** The state of the UpdateEmail views (the new address, then each code). */
export type UpdateEmailViewState = {
  /** The new address (step 1), or the code (steps 2 and 3). */
  value: string
  setValue(value: string): void
  /** The new address, once given. */
  email: string | undefined
  /** Sends what was typed and goes to the next step; the last one returns to Account. */
  submit(): Promise<void>
  isPending: boolean
  error: PorticoError | undefined
}

/** Which step a view draws: the new address, the current address's code, the new one's code. */
export type UpdateEmailViewStep = 'email' | 'primary' | 'secondary'

/**
 * The UpdateEmail view-model for one step: the new address (a code goes to the current one), the
 * current address's code (a code goes to the new one), then the new address's code.
 */
export function useUpdateEmailView(step: UpdateEmailViewStep): UpdateEmailViewState {
  const { push, replace, reset: resetModal } = useModal()
  const update = useUpdateEmail()
  const { updateEmail, verifyPrimaryOtp, verifySecondaryOtp, reset } = update
  const [value, setValueState] = useState('')
  const [local, setLocal] = useState<PorticoError | undefined>()
  const setValue = useCallback((next: string) => {
    setValueState(next)
    setLocal(undefined)
  }, [])
  const submit = useCallback(async () => {
    setLocal(undefined)
    try {
      if (step === 'email') {
        await updateEmail(value)
        push('UpdateEmailPrimaryOtp')
      } else if (step === 'primary') {
        await verifyPrimaryOtp(value)
        replace('UpdateEmailSecondaryOtp')
      } else {
        await verifySecondaryOtp(value)
        reset()
        resetModal('Account')
      }
    } catch (cause) {
      if (isPorticoError(cause)) setLocal(cause)
    }
  }, [
    step,
    value,
    updateEmail,
    verifyPrimaryOtp,
    verifySecondaryOtp,
    reset,
    push,
    replace,
    resetModal,
  ])
  return useMemo(
    () => ({
      value,
      setValue,
      email: update.email,
      submit,
      isPending: update.isPending,
      error: local ?? update.error,
    }),
    [value, setValue, update.email, submit, update.isPending, local, update.error],
  )
}
