import type { ViewData } from '@portico/core'
import { usePortico } from '@portico/react'
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
  const { modal } = usePortico()
  const name = typeof data?.name === 'string' ? data.name : ''
  const done = useCallback(() => {
    if (modal.$transactionStack.get().length > 0) modal.popTransactionStep('success')
    else modal.reset('Account')
  }, [modal])
  return useMemo(() => ({ name, done }), [name, done])
}
