import type {
  AsyncState,
  SendTransactionParameters,
  SendTransactionReturnType,
} from '@portico/core'
import { useMemo } from 'react'
import { useAsyncCall } from '../async.js'
import { usePortico } from '../context/usePortico.js'

/** What `useSendTransaction` returns: the last transaction's async state, and the action. */
export type UseSendTransactionReturnType = AsyncState<SendTransactionReturnType> & {
  /**
   * Sends a transaction from the connected EVM account (simulated first) and resolves once it is
   * mined, with its hash and receipt; `isPending` stays true until then.
   */
  sendTransaction(parameters: SendTransactionParameters): Promise<SendTransactionReturnType>
  reset(): void
}

/** Sends the app's own transaction and waits for its receipt. */
export function useSendTransaction(): UseSendTransactionReturnType {
  const { wallet } = usePortico()
  const [state, run, reset] = useAsyncCall<SendTransactionReturnType>()
  return useMemo(
    () => ({
      ...state,
      sendTransaction: (parameters: SendTransactionParameters) =>
        run(() => wallet.sendTransaction(parameters)),
      reset,
    }),
    [state, run, reset, wallet],
  )
}
