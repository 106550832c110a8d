/**
 * `@portico/core/bitcoin`: the Bitcoin (bip122) adapter (Wallet Standard and sats-connect wallets,
 * the payment address by default, balances from an Esplora API, BIP-322 message signing). Register
 * it for apps that list Bitcoin networks; its code and `@scure/base` and `@noble/hashes` (optional
 * peer dependencies) load on first use:
 *
 * ```ts
 * import { bitcoinAdapter } from '@portico/core/bitcoin'
 * createPortico({ networks: [bitcoin, …], adapters: { bip122: bitcoinAdapter } })
 * ```
 */
import type { AdapterLoader } from '../types.js'

export const bitcoinAdapter: AdapterLoader = (context) =>
  import('./createBitcoinAdapter.js').then((module) => module.createBitcoinAdapter(context))
