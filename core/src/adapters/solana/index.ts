/**
 * `@portico/core/solana`: the Solana adapter (Wallet Standard wallets, balances, SOL and SPL token
 * transfers). Register it for the apps that list Solana networks; its code and `@solana/kit` (an
 * optional peer dependency) load on first use:
 *
 * ```ts
 * import { solanaAdapter } from '@portico/core/solana'
 * createPortico({ networks: [solana, …], adapters: { solana: solanaAdapter } })
 * ```
 */
import type { AdapterLoader } from '../types.js'
import type { SolanaSigner, SolanaSignerClient } from './signer.js'

export type { SolanaSigner, SolanaSignerClient } from './signer.js'

export const solanaAdapter: AdapterLoader = (context) =>
  import('./createSolanaAdapter.js').then((module) => module.createSolanaAdapter(context))

/**
 * The connected Solana account as a `@solana/kit` signer (transactions signed, or signed and sent,
 * and messages), for the app's own transactions: `await getSolanaSigner(client)`. Rejects with
 * NOT_CONNECTED when no Solana wallet is connected; a signer is for the account connected when it
 * was made.
 */
export const getSolanaSigner = (client: SolanaSignerClient): Promise<SolanaSigner> =>
  import('./signer.js').then((module) => module.createSolanaSigner(client))
