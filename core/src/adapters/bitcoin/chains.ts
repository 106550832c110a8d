import { BITCOIN_CHAINS } from '../../chains/constants.js'

// Bitcoin wallets name chains the Wallet Standard's way (`bitcoin:mainnet`…), by CAIP-2
// (`bip122:` + the genesis block hash's first 32 hex digits), or, through sats-connect, by a
// network name (`Mainnet`, `Testnet`, `Regtest`…). Portico's networks use CAIP-2.

const CHAIN_NAMES: Readonly<Record<string, string>> = {
  'bitcoin:mainnet': BITCOIN_CHAINS.mainnet,
  'bitcoin:testnet': BITCOIN_CHAINS.testnet,
  'bitcoin:testnet3': BITCOIN_CHAINS.testnet,
  'bitcoin:testnet4': BITCOIN_CHAINS.testnet4,
  'bitcoin:signet': BITCOIN_CHAINS.signet,
  'bitcoin:regtest': BITCOIN_CHAINS.regtest,
}
const NETWORK_NAMES: Readonly<Record<string, string>> = {
  mainnet: BITCOIN_CHAINS.mainnet,
  testnet: BITCOIN_CHAINS.testnet,
  testnet3: BITCOIN_CHAINS.testnet,
  testnet4: BITCOIN_CHAINS.testnet4,
  signet: BITCOIN_CHAINS.signet,
  regtest: BITCOIN_CHAINS.regtest,
}
const CAIP_BITCOIN = /^bip122:([0-9a-f]{32})$/

/** The CAIP-2 reference of a wallet's chain name, or undefined for a chain Portico cannot name. */
export function bitcoinReference(chain: string): string | undefined {
  return Object.hasOwn(CHAIN_NAMES, chain) ? CHAIN_NAMES[chain] : CAIP_BITCOIN.exec(chain)?.[1]
}

/** The references of a wallet's chain names, each once, in the wallet's order. */
export function bitcoinReferences(chains: readonly string[]): string[] {
  const out: string[] = []
  for (const chain of chains) {
    const reference = bitcoinReference(chain)
    if (reference && !out.includes(reference)) out.push(reference)
  }
  return out
}

/** The reference of a sats-connect network name (`Mainnet`, `Regtest`…), case aside. */
export function networkNameReference(name: unknown): string | undefined {
  if (typeof name !== 'string') return undefined
  const key = name.toLowerCase()
  return Object.hasOwn(NETWORK_NAMES, key) ? NETWORK_NAMES[key] : undefined
}
