import type { ViewData } from '@portico/core'
import { useModal } from '@portico/react'
import { useCallback, useMemo } from 'react'

/** The RegisterAccountNameSuccess view's state. */
export type RegisterAccountNameSuccessViewState = {
  /** The name just registered. */
  name: string
  /** Finishes the step: back to Account. */
  done(): void
}

/** The RegisterAccountNameSuccess view-model: the name (`data.name`), and Done. */
export function useRegisterAccountNameSuccessView({
  data,
}: {
  data?: ViewData | undefined
} = {}): RegisterAccountNameSuccessViewState {
  const { transactionSteps, popTransactionStep, reset } = useModal()
  const name = typeof data?.name === 'string' ? data.name : ''
  const hasStep = transactionSteps.length > 0
  const done = useCallback(() => {
    if (hasStep) popTransactionStep('success')
    else reset('Account')
  }, [hasStep, popTransactionStep, reset])
  return useMemo(() => ({ name, done }), [name, done])
}
