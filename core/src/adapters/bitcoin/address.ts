import { sha256 } from '@noble/hashes/sha2.js'
import { bech32, bech32m, createBase58check } from '@scure/base'

// Bitcoin address checks: segwit addresses (BIP-173 bech32 for version 0, BIP-350 bech32m for
// versions 1 to 16: taproot) and base58check legacy ones (P2PKH, P2SH), for mainnet, testnet and
// signet (they share `tb` and the test version bytes) and regtest (`bcrt`).

export type BitcoinAddressNetwork = 'mainnet' | 'testnet' | 'regtest'

const SEGWIT_PREFIXES: Readonly<Record<string, BitcoinAddressNetwork>> = {
  bc: 'mainnet',
  tb: 'testnet',
  bcrt: 'regtest',
}
/** Version bytes of base58check addresses: P2PKH and P2SH, mainnet then test networks. */
const LEGACY_VERSIONS: Readonly<Record<number, BitcoinAddressNetwork>> = {
  0: 'mainnet',
  5: 'mainnet',
  111: 'testnet',
  196: 'testnet',
}
/** BIP-173's limit on a segwit address's length. */
const MAX_SEGWIT_LENGTH = 90
const base58check = createBase58check(sha256)

function segwitNetwork(address: string): BitcoinAddressNetwork | undefined {
  if (address.length > MAX_SEGWIT_LENGTH) return undefined
  for (const coder of [bech32, bech32m]) {
    let decoded: { prefix: string; words: number[] }
    try {
      decoded = coder.decode(address as `${string}1${string}`, MAX_SEGWIT_LENGTH)
    } catch {
      continue
    }
    const network = Object.hasOwn(SEGWIT_PREFIXES, decoded.prefix)
      ? SEGWIT_PREFIXES[decoded.prefix]
      : undefined
    const [version, ...words] = decoded.words
    if (!network || version === undefined || version > 16) return undefined
    // Version 0 is bech32, every later version bech32m: the other checksum is another address.
    if ((version === 0) !== (coder === bech32)) return undefined
    let program: Uint8Array
    try {
      program = coder.fromWords(words)
    } catch {
      return undefined
    }
    if (program.length < 2 || program.length > 40) return undefined
    if (version === 0 && program.length !== 20 && program.length !== 32) return undefined
    return network
  }
  return undefined
}

function legacyNetwork(address: string): BitcoinAddressNetwork | undefined {
  if (address.length < 26 || address.length > 35) return undefined
  let bytes: Uint8Array
  try {
    bytes = base58check.decode(address)
  } catch {
    return undefined
  }
  if (bytes.length !== 21) return undefined
  const version = bytes[0] as number
  return Object.hasOwn(LEGACY_VERSIONS, version) ? LEGACY_VERSIONS[version] : undefined
}

/**
 * The network family of a Bitcoin address (regtest's legacy addresses share testnet's version
 * bytes and read as testnet), or undefined when it is no valid address.
 */
export function bitcoinAddressNetwork(address: string): BitcoinAddressNetwork | undefined {
  if (typeof address !== 'string') return undefined
  return segwitNetwork(address) ?? legacyNetwork(address)
}

export const isBitcoinAddress = (address: string) => bitcoinAddressNetwork(address) !== undefined
