import type { ReadContractParameters } from '@portico/core'
import type { Abi, ContractFunctionArgs, ContractFunctionName, ReadContractReturnType } from 'viem'
import { keyOf, type QueryResult, useQuery } from '../async.js'
import { usePortico } from '../context/usePortico.js'

type Readable = 'pure' | 'view'

/** What `useReadContract` returns: the read's async state (`data`: what the contract returned). */
export type UseReadContractReturnType<T = unknown> = QueryResult<T>

/**
 * Reads a contract on one of the app's networks (no wallet needed), typed from the ABI; read
 * again when the address, function, arguments or chain change, or on `refetch` (after the app's
 * own write, say). `enabled: false` waits (for an argument not known yet).
 */
export function useReadContract<
  const abi extends Abi | readonly unknown[],
  functionName extends ContractFunctionName<abi, Readable>,
  const args extends ContractFunctionArgs<abi, Readable, functionName>,
>(
  parameters: ReadContractParameters<abi, functionName, args> & { enabled?: boolean },
): UseReadContractReturnType<ReadContractReturnType<abi, functionName, args>> {
  const { wallet } = usePortico()
  const { enabled = true, ...read } = parameters
  const { address, functionName, args, chainId } = read as {
    address: string
    functionName: string
    args?: readonly unknown[]
    chainId?: number
  }
  return useQuery(enabled ? keyOf([address, functionName, args, chainId]) : undefined, () =>
    wallet.readContract(read as never),
  ) as UseReadContractReturnType<ReadContractReturnType<abi, functionName, args>>
}
