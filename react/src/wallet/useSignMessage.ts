import type { AsyncState, SignMessageParameters } from '@portico/core'
import { useMemo } from 'react'
import { useAsyncCall } from '../async.js'
import { usePortico } from '../context/usePortico.js'

/** What `useSignMessage` returns: the last signature's async state, and the action. */
export type UseSignMessageReturnType = AsyncState<string> & {
  /**
   * Asks the connected wallet (of `namespace`, the active one by default: EVM, Solana or Bitcoin)
   * to sign a text message; resolves with the signature as the namespace writes it.
   */
  signMessage(parameters: SignMessageParameters): Promise<string>
  reset(): void
}

/** Signs a message with the connected wallet. */
export function useSignMessage(): UseSignMessageReturnType {
  const { wallet } = usePortico()
  const [state, run, reset] = useAsyncCall<string>()
  return useMemo(
    () => ({
      ...state,
      signMessage: (parameters: SignMessageParameters) => run(() => wallet.signMessage(parameters)),
      reset,
    }),
    [state, run, reset, wallet],
  )
}
