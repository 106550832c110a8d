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

export const solanaAdapter: AdapterLoader = (context) =>
  import('./createSolanaAdapter.js').then((module) => module.createSolanaAdapter(context))
