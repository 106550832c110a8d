import type { AsyncState, SignTypedDataParameters } from '@portico/core'
import { useMemo } from 'react'
import type { Hex, TypedData } from 'viem'
import { useAsyncCall } from '../async.js'
import { usePortico } from '../context/usePortico.js'

/** What `useSignTypedData` returns: the last signature's async state, and the action. */
export type UseSignTypedDataReturnType = AsyncState<Hex> & {
  /** Asks the connected EVM wallet to sign EIP-712 typed data (on its domain's chain). */
  signTypedData<
    const typedData extends TypedData | Record<string, unknown>,
    primaryType extends keyof typedData | 'EIP712Domain',
  >(parameters: SignTypedDataParameters<typedData, primaryType>): Promise<Hex>
  reset(): void
}

/** Signs EIP-712 typed data with the connected EVM wallet. */
export function useSignTypedData(): UseSignTypedDataReturnType {
  const { wallet } = usePortico()
  const [state, run, reset] = useAsyncCall<Hex>()
  return useMemo(
    () => ({
      ...state,
      signTypedData: ((parameters: never) =>
        run(() => wallet.signTypedData(parameters))) as UseSignTypedDataReturnType['signTypedData'],
      reset,
    }),
    [state, run, reset, wallet],
  )
}
