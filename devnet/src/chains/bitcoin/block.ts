// Blocks as Bitcoin builds them: an 80-byte header whose double SHA-256 meets the target of its
// `bits`, a coinbase with the height (BIP-34) and the witness commitment (BIP-141), and the
// transactions' merkle root.
import { hex } from '@scure/base'
import { RawTx } from '@scure/btc-signer'
import { sha256x2 } from './hash.js'
import { REGTEST_GENESIS_HASH } from './network.js'
import { checkTransaction, type ParsedTransaction } from './parse.js'

export type BlockHeader = {
  version: number
  /** Display order (big-endian hex), as block explorers show it. */
  prevHash: string
  merkleRoot: string
  /** Unix seconds. */
  time: number
  bits: number
  nonce: number
}

/** Regtest's difficulty: the easiest target, met by about one hash in two. */
export const REGTEST_BITS = 0x207fffff
/** Regtest halves the subsidy every 150 blocks (mainnet: 210 000). */
const HALVING_INTERVAL = 150
export const COINBASE_MATURITY = 100
export const MAX_BLOCK_WEIGHT = 4_000_000

/** Bitcoin regtest's genesis block header: its hash is the chain's identity (the CAIP-2 id). */
export const GENESIS_HEADER: BlockHeader = Object.freeze({
  version: 1,
  prevHash: '0'.repeat(64),
  merkleRoot: '4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b',
  time: 1296688602,
  bits: REGTEST_BITS,
  nonce: 2,
})

function serializeHeader(header: BlockHeader): Uint8Array {
  const bytes = new Uint8Array(80)
  const view = new DataView(bytes.buffer)
  view.setInt32(0, header.version, true)
  bytes.set(hex.decode(header.prevHash).reverse(), 4)
  bytes.set(hex.decode(header.merkleRoot).reverse(), 36)
  view.setUint32(68, header.time, true)
  view.setUint32(72, header.bits, true)
  view.setUint32(76, header.nonce, true)
  return bytes
}

export const headerHash = (header: BlockHeader) =>
  hex.encode(sha256x2(serializeHeader(header)).reverse())

/** The target a header hash must not exceed, from the compact `bits`. */
export function targetOf(bits: number): bigint {
  const exponent = bits >>> 24
  const mantissa = BigInt(bits & 0x007fffff)
  return exponent <= 3
    ? mantissa >> BigInt(8 * (3 - exponent))
    : mantissa << BigInt(8 * (exponent - 3))
}

export const meetsTarget = (hash: string, bits: number) => BigInt(`0x${hash}`) <= targetOf(bits)

/** Tries nonces until the header's hash meets its target (about two tries on regtest). */
export function mineHeader(header: Omit<BlockHeader, 'nonce'>): {
  header: BlockHeader
  hash: string
} {
  for (let nonce = 0; nonce <= 0xffffffff; nonce++) {
    const candidate = { ...header, nonce }
    const hash = headerHash(candidate)
    if (meetsTarget(hash, header.bits)) return { header: candidate, hash }
  }
  throw new Error('no nonce meets the target; change the time and try again')
}

/** The merkle root of hashes given in display order, answered in display order. */
export function merkleRoot(hashes: readonly string[]): string {
  if (hashes.length === 0) throw new Error('a block has at least its coinbase')
  let level = hashes.map((h) => hex.decode(h).reverse())
  while (level.length > 1) {
    const next: Uint8Array[] = []
    for (let i = 0; i < level.length; i += 2) {
      const left = level[i] as Uint8Array
      // An odd last hash is paired with itself.
      const right = level[i + 1] ?? left
      next.push(sha256x2(left, right))
    }
    level = next
  }
  return hex.encode((level[0] as Uint8Array).slice().reverse())
}

/** The subsidy of the block at `height`, in satoshis. */
export function subsidy(height: number): bigint {
  const halvings = Math.floor(height / HALVING_INTERVAL)
  return halvings >= 64 ? 0n : (50n * 100_000_000n) >> BigInt(halvings)
}

/** A script number push as `CScript() << n` writes it: OP_0, OP_1…OP_16, else minimal bytes. */
export function scriptNumberPush(n: number): Uint8Array {
  if (n === 0) return new Uint8Array([0x00])
  if (n >= 1 && n <= 16) return new Uint8Array([0x50 + n])
  const bytes: number[] = []
  let rest = n
  while (rest > 0) {
    bytes.push(rest & 0xff)
    rest = Math.floor(rest / 256)
  }
  if ((bytes[bytes.length - 1] as number) & 0x80) bytes.push(0)
  return new Uint8Array([bytes.length, ...bytes])
}

const COINBASE_TAG = new TextEncoder().encode('/portico devnet/')
const WITNESS_RESERVED_VALUE = new Uint8Array(32)
const WITNESS_COMMITMENT_HEADER = hex.decode('6a24aa21a9ed')

/** The wtxid of a transaction: the hash of its serialization with witnesses. */
const wtxid = (tx: ParsedTransaction) => hex.encode(sha256x2(tx.raw).reverse())

/**
 * The coinbase of a block: the height first in its scriptSig (BIP-34), `value` to `script`, and
 * an OP_RETURN committing to the other transactions' witnesses (BIP-141).
 */
export function buildCoinbase(
  height: number,
  script: Uint8Array,
  value: bigint,
  transactions: readonly ParsedTransaction[],
): ParsedTransaction {
  // The coinbase's own wtxid counts as all zeros.
  const witnessRoot = merkleRoot(['0'.repeat(64), ...transactions.map(wtxid)])
  const commitment = sha256x2(hex.decode(witnessRoot).reverse(), WITNESS_RESERVED_VALUE)
  const scriptSig = new Uint8Array([
    ...scriptNumberPush(height),
    COINBASE_TAG.length,
    ...COINBASE_TAG,
  ])
  const decoded = {
    version: 2,
    segwitFlag: true,
    inputs: [
      {
        txid: new Uint8Array(32),
        index: 0xffffffff,
        finalScriptSig: scriptSig,
        sequence: 0xffffffff,
      },
    ],
    outputs: [
      { amount: value, script },
      { amount: 0n, script: new Uint8Array([...WITNESS_COMMITMENT_HEADER, ...commitment]) },
    ],
    witnesses: [[WITNESS_RESERVED_VALUE]],
    lockTime: 0,
  }
  return checkTransaction(RawTx.encode(decoded), decoded, { coinbase: true })
}

export function genesisHash(): string {
  const hash = headerHash(GENESIS_HEADER)
  if (hash !== REGTEST_GENESIS_HASH) throw new Error(`genesis hash ${hash} is not regtest's`)
  return hash
}
