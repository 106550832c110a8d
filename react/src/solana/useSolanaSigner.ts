import { useStore } from '@nanostores/react'
import { getSolanaSigner, type SolanaSigner } from '@portico/core/solana'
import { type QueryResult, useQuery } from '../async.js'
import { usePortico } from '../context/usePortico.js'

/** What `useSolanaSigner` returns: the signer's async state (idle while no Solana wallet is connected). */
export type UseSolanaSignerReturnType = QueryResult<SolanaSigner>

/**
 * The connected Solana account as a `@solana/kit` signer, for the app's own transactions
 * (`signAndSendTransactionMessageWithSigners` and the like): a new one when the account changes.
 * From `@portico/react/solana`, so that apps without Solana never bundle `@solana/kit`.
 */
export function useSolanaSigner(): UseSolanaSignerReturnType {
  const client = usePortico()
  const solana = useStore(client.connection.$connections).solana
  const on = solana?.status === 'connected' && solana.address
  return useQuery(on ? solana.address : undefined, () => getSolanaSigner(client))
}
