import { useStore } from '@nanostores/react'
import type { GetPublicClientParameters } from '@portico/core'
import type { PublicClient } from 'viem'
import { type QueryResult, useQuery } from '../async.js'
import { usePortico } from '../context/usePortico.js'

/** What `usePublicClient` returns: the client's async state. */
export type UsePublicClientReturnType = QueryResult<PublicClient>

/**
 * A viem public client for one of the app's EVM networks: `chainId`, or the chain the wallet is on
 * (the active EVM network when none is connected). Made from the networks given to
 * `createPortico`: no second chain config.
 */
export function usePublicClient(
  parameters: GetPublicClientParameters = {},
): UsePublicClientReturnType {
  const { connection, network, wallet } = usePortico()
  const walletChain = useStore(connection.$connections).eip155?.chainId
  const active = useStore(network.$activeNetworks).eip155?.id
  const chainId = parameters.chainId
  return useQuery(`${chainId ?? walletChain ?? active ?? ''}`, () =>
    wallet.getPublicClient({ chainId }),
  )
}
