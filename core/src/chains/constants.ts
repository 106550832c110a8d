import type { ChainNamespace } from '../caip/index.js'

/**
 * Decimals of each namespace's native token: ETH and every EVM gas token count in wei (18),
 * SOL in lamports (9), BTC in satoshis (8). Chains of these namespaces cannot choose otherwise,
 * so an adapter formats its native balance with these, whatever a network definition says.
 */
export const NATIVE_DECIMALS = {
  eip155: 18,
  solana: 9,
  bip122: 8,
} as const satisfies Partial<Record<ChainNamespace, number>>

/** Genesis-hash references of the public Solana clusters (CAIP-2: the hash's first 32 characters). */
export const SOLANA_CLUSTERS = {
  mainnet: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  devnet: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  testnet: '4uhcVJyU9pJkvQyS88uRDiswHXSFkY3q',
} as const

/** Genesis-block references of the Bitcoin chains (CAIP-2: the block hash's first 32 hex digits). */
export const BITCOIN_CHAINS = {
  mainnet: '000000000019d6689c085ae165831e93',
  testnet: '000000000933ea01ad0ee984209779ba',
  testnet4: '00000000da84f2bafbbc53dee25a72ae',
  signet: '00000008819873e925422c1ff0f99f7c',
  // Every regtest chain starts from the same genesis block.
  regtest: '0f9188f13cb7b2c71f2a335e3a4fc328',
} as const
