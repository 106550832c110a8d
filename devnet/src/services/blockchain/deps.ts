import type { Ledger as BitcoinLedger } from '../../chains/bitcoin/ledger.js'
import type { EvmChains } from '../../chains/evm/start.js'
import type { DevnetSolanaInfo } from '../../chains/solana/constants.js'
import type { Ledger as SolanaLedger } from '../../chains/solana/ledger.js'
import type { Pricing } from '../swap/pricing.js'

/** What the Blockchain API's routes read: every chain, and prices as the pools set them. */
export type BlockchainDeps = Pick<EvmChains, 'chains' | 'readers' | 'tokens'> & {
  pricing: Pricing
  solana: { info: DevnetSolanaInfo; ledger: SolanaLedger }
  bitcoin: { ledger: BitcoinLedger }
}
