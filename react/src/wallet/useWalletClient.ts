import { useStore } from '@nanostores/react'
import type { GetWalletClientParameters, PorticoWalletClient } from '@portico/core'
import { type QueryResult, useQuery } from '../async.js'
import { usePortico } from '../context/usePortico.js'

/** What `useWalletClient` returns: the client's async state (idle while no EVM wallet is connected). */
export type UseWalletClientReturnType = QueryResult<PorticoWalletClient>

/**
 * A viem wallet client for the connected EVM account, bound to it and to `chainId` (the wallet's
 * chain by default): a new one when the account or the chain changes.
 */
export function useWalletClient(
  parameters: GetWalletClientParameters = {},
): UseWalletClientReturnType {
  const { connection, wallet } = usePortico()
  const evm = useStore(connection.$connections).eip155
  const on = evm?.status === 'connected' && evm.address
  const chainId = parameters.chainId
  return useQuery(on ? `${evm.address}|${evm.chainId}|${chainId ?? ''}` : undefined, () =>
    wallet.getWalletClient({ chainId }),
  )
}
