import { SOLANA_CLUSTERS } from '../../chains/constants.js'

// Solana wallets name chains the Wallet Standard's way (`solana:mainnet`, `solana:devnet`…) or by
// CAIP-2 (`solana:` + the genesis hash's first 32 characters). Portico's networks use CAIP-2.

const CLUSTER_NAMES: Readonly<Record<string, string>> = {
  'solana:mainnet': SOLANA_CLUSTERS.mainnet,
  'solana:mainnet-beta': SOLANA_CLUSTERS.mainnet,
  'solana:devnet': SOLANA_CLUSTERS.devnet,
  'solana:testnet': SOLANA_CLUSTERS.testnet,
}
const CAIP_SOLANA = /^solana:([1-9A-HJ-NP-Za-km-z]{32})$/

/**
 * The CAIP-2 reference of a wallet's chain name, or undefined for a chain no genesis hash names
 * (`solana:localnet` is anybody's local validator).
 */
export function solanaReference(chain: string): string | undefined {
  return Object.hasOwn(CLUSTER_NAMES, chain) ? CLUSTER_NAMES[chain] : CAIP_SOLANA.exec(chain)?.[1]
}

/** The references of a wallet's chain names, each once, in the wallet's order. */
export function solanaReferences(chains: readonly string[]): string[] {
  const out: string[] = []
  for (const chain of chains) {
    const reference = solanaReference(chain)
    if (reference && !out.includes(reference)) out.push(reference)
  }
  return out
}

/** The name the wallet itself uses for a chain (what its features expect), else its CAIP-2 id. */
export function walletChainName(chains: readonly string[], reference: string): string {
  return chains.find((chain) => solanaReference(chain) === reference) ?? `solana:${reference}`
}
