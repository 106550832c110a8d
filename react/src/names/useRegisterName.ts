import { useStore } from '@nanostores/react'
import type { AsyncState, NamesFeature, RegisterNameStep } from '@portico/core'
import { useMemo } from 'react'
import { usePortico } from '../context/usePortico.js'

/** What `useRegisterName` returns. */
export type UseRegisterNameReturnType = AsyncState<string> & {
  /** Registers the name (the wallet signs once however often it is called while pending). */
  register: NamesFeature['registerName']
  /** 'signing' while the wallet is asked, 'submitting' while the name service stores it. */
  step: RegisterNameStep | undefined
  reset(): void
}

/** Register a name for the connected account: the wallet signs, the service stores it. */
export function useRegisterName(): UseRegisterNameReturnType {
  const { names } = usePortico()
  const state = useStore(names.$registration)
  const step = useStore(names.$registerStep)
  return useMemo(
    () => ({ ...state, step, register: names.registerName, reset: names.resetRegistration }),
    [state, step, names],
  )
}
