import { useStore } from '@nanostores/react'
import type { AuthFeature, UpdateEmailState } from '@portico/core'
import { useMemo } from 'react'
import { usePortico } from '../context/usePortico.js'

/** What `useUpdateEmail` returns. */
export type UseUpdateEmailReturnType = UpdateEmailState & {
  /** Starts the change: a code goes to the current address. */
  updateEmail: AuthFeature['updateEmail']
  /** The code sent to the current address; then a code goes to the new one. */
  verifyPrimaryOtp: AuthFeature['verifyPrimaryOtp']
  /** The code sent to the new address; `data` is the new address once it is the user's. */
  verifySecondaryOtp: AuthFeature['verifySecondaryOtp']
  reset: AuthFeature['resetUpdateEmail']
}

/** Changing the embedded wallet's email: the current address's code, then the new one's. */
export function useUpdateEmail(): UseUpdateEmailReturnType {
  const { auth } = usePortico()
  const state = useStore(auth.$updateEmail)
  return useMemo(
    () => ({
      ...state,
      updateEmail: auth.updateEmail,
      verifyPrimaryOtp: auth.verifyPrimaryOtp,
      verifySecondaryOtp: auth.verifySecondaryOtp,
      reset: auth.resetUpdateEmail,
    }),
    [state, auth],
  )
}
