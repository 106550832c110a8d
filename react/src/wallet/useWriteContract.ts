import type { AsyncState, WriteContractParameters, WriteContractReturnType } from '@portico/core'
import { useMemo } from 'react'
import type { Abi, ContractFunctionArgs, ContractFunctionName } from 'viem'
import { useAsyncCall } from '../async.js'
import { usePortico } from '../context/usePortico.js'

type Mutability = 'nonpayable' | 'payable'

/** What `useWriteContract` returns: the last write's async state, and the action. */
export type UseWriteContractReturnType = AsyncState<WriteContractReturnType> & {
  /**
   * Simulates the call (a revert is refused with the contract's reason before the wallet sees
   * it), sends it from the connected EVM account, and resolves once it is mined.
   */
  writeContract<
    const abi extends Abi | readonly unknown[],
    functionName extends ContractFunctionName<abi, Mutability>,
    args extends ContractFunctionArgs<abi, Mutability, functionName>,
  >(parameters: WriteContractParameters<abi, functionName, args>): Promise<WriteContractReturnType>
  reset(): void
}

/** Calls the app's contract through the connected wallet: simulate, send, receipt. */
export function useWriteContract(): UseWriteContractReturnType {
  const { wallet } = usePortico()
  const [state, run, reset] = useAsyncCall<WriteContractReturnType>()
  return useMemo(
    () => ({
      ...state,
      writeContract: ((parameters: never) =>
        run(() => wallet.writeContract(parameters))) as UseWriteContractReturnType['writeContract'],
      reset,
    }),
    [state, run, reset, wallet],
  )
}
