// Parsers for what reaches the Bitcoin chain from outside: addresses, txids and heights in REST
// paths, raw transactions, control bodies. Each either returns a checked value or throws a
// BitcoinRejection whose message says what is wrong; nothing else escapes.
import { hex } from '@scure/base'
import { Address, OutScript, RawTx } from '@scure/btc-signer'
import { sha256x2 } from './hash.js'
import { REGTEST } from './network.js'

/** Why input was refused: `reason` is bitcoind's reject reason where there is one. */
export class BitcoinRejection extends Error {
  constructor(
    readonly reason: string,
    readonly detail?: string,
  ) {
    super(detail ? `${reason}: ${detail}` : reason)
    this.name = 'BitcoinRejection'
  }
}

/** 21 million bitcoin, in satoshis: no output or sum of outputs may exceed it. */
export const MAX_MONEY = 21_000_000n * 100_000_000n
/** bitcoind's standardness limit on a transaction's weight (MAX_STANDARD_TX_WEIGHT). */
export const MAX_STANDARD_TX_WEIGHT = 400_000
/** Largest raw transaction accepted, in bytes (a weight of 400 000 holds at most that many). */
const MAX_TX_BYTES = MAX_STANDARD_TX_WEIGHT
export const MAX_OP_RETURN_BYTES = 83

export type ScriptType =
  | 'p2pkh'
  | 'p2sh'
  | 'v0_p2wpkh'
  | 'v0_p2wsh'
  | 'v1_p2tr'
  | 'op_return'
  | 'nonstandard'

export type ParsedAddress = { address: string; script: Uint8Array; type: ScriptType }

type DecodedAddress = ReturnType<ReturnType<typeof Address>['decode']>

/**
 * A regtest address: `bcrt1q…` (P2WPKH, P2WSH), `bcrt1p…` (P2TR), or base58 `m…`/`n…` (P2PKH)
 * and `2…` (P2SH). Mainnet and testnet (`tb1…`) addresses are refused. Bech32 is accepted in
 * either case and answered in lower case, its canonical form.
 */
export function parseAddress(value: unknown): ParsedAddress {
  if (typeof value !== 'string' || value.length === 0 || value.length > 90) {
    throw new BitcoinRejection('invalid address', 'expected a regtest address')
  }
  const coder = Address(REGTEST)
  let decoded: DecodedAddress
  try {
    const candidate = value.toUpperCase() === value ? value.toLowerCase() : value
    decoded = coder.decode(candidate)
  } catch {
    throw new BitcoinRejection(
      'invalid address',
      `${JSON.stringify(value)} is not a regtest address`,
    )
  }
  const script = OutScript.encode(decoded)
  return { address: coder.encode(decoded), script, type: classifyScript(script) }
}

/** The address of an output script, for the types that have one. */
export function scriptAddress(script: Uint8Array): string | undefined {
  const type = classifyScript(script)
  if (type === 'op_return' || type === 'nonstandard') return undefined
  try {
    return Address(REGTEST).encode(OutScript.decode(script))
  } catch {
    return undefined
  }
}

/** The standard output types, recognised by their exact byte patterns (as bitcoind's Solver). */
export function classifyScript(script: Uint8Array): ScriptType {
  const n = script.length
  if (n === 25 && script[0] === 0x76 && script[1] === 0xa9 && script[2] === 0x14) {
    if (script[23] === 0x88 && script[24] === 0xac) return 'p2pkh'
  }
  if (n === 23 && script[0] === 0xa9 && script[1] === 0x14 && script[22] === 0x87) return 'p2sh'
  if (n === 22 && script[0] === 0x00 && script[1] === 0x14) return 'v0_p2wpkh'
  if (n === 34 && script[0] === 0x00 && script[1] === 0x20) return 'v0_p2wsh'
  if (n === 34 && script[0] === 0x51 && script[1] === 0x20) return 'v1_p2tr'
  if (n >= 1 && script[0] === 0x6a) return 'op_return'
  return 'nonstandard'
}

/** A transaction or block hash as it is written (64 hex digits), lower-cased. */
export function parseHash(value: unknown, what = 'txid'): string {
  if (typeof value !== 'string' || !/^[0-9a-fA-F]{64}$/.test(value)) {
    throw new BitcoinRejection(`invalid ${what}`, 'expected 64 hex digits')
  }
  return value.toLowerCase()
}

/** A block height in a path: a non-negative decimal integer without sign or leading zeros. */
export function parseHeight(value: unknown): number {
  if (typeof value !== 'string' || !/^(0|[1-9]\d{0,8})$/.test(value)) {
    throw new BitcoinRejection('invalid height', 'expected a non-negative integer')
  }
  return Number(value)
}

type TxInput = { txid: string; vout: number; scriptSig: Uint8Array; sequence: number }
export type TxOutput = { value: bigint; script: Uint8Array }

export type ParsedTransaction = {
  txid: string
  version: number
  lockTime: number
  inputs: TxInput[]
  outputs: TxOutput[]
  /** One stack per input; empty stacks when the transaction has no witness. */
  witnesses: Uint8Array[][]
  /** The transaction as it came (with witnesses). */
  raw: Uint8Array
  size: number
  weight: number
  vsize: number
}

const NULL_TXID = '0'.repeat(64)

/**
 * A raw transaction in hex (what `POST /tx` receives): decoded, with the checks bitcoind makes
 * before it looks at the chain (CheckTransaction): inputs and outputs present, amounts in range,
 * no input twice, not a coinbase.
 */
export function parseRawTransaction(body: unknown): ParsedTransaction {
  if (typeof body !== 'string') throw new BitcoinRejection('TX decode failed', 'expected hex')
  const text = body.trim()
  if (text.length === 0 || text.length % 2 !== 0 || !/^[0-9a-fA-F]+$/.test(text)) {
    throw new BitcoinRejection('TX decode failed', 'the body is not an even number of hex digits')
  }
  if (text.length / 2 > MAX_TX_BYTES) {
    throw new BitcoinRejection('tx-size', `larger than ${MAX_TX_BYTES} bytes`)
  }
  const raw = hex.decode(text.toLowerCase())
  let decoded: ReturnType<typeof RawTx.decode>
  try {
    decoded = RawTx.decode(raw)
  } catch (error) {
    throw new BitcoinRejection('TX decode failed', (error as Error).message)
  }
  return checkTransaction(raw, decoded)
}

/** The parts of a decoded transaction, checked; also used for transactions built in-process. */
export function checkTransaction(
  raw: Uint8Array,
  decoded: ReturnType<typeof RawTx.decode>,
  options: { coinbase?: boolean } = {},
): ParsedTransaction {
  const inputs: TxInput[] = decoded.inputs.map((input) => ({
    txid: hex.encode(input.txid),
    vout: input.index,
    scriptSig: input.finalScriptSig,
    sequence: input.sequence,
  }))
  const outputs: TxOutput[] = decoded.outputs.map((o) => ({ value: o.amount, script: o.script }))
  if (inputs.length === 0) throw new BitcoinRejection('bad-txns-vin-empty')
  if (outputs.length === 0) throw new BitcoinRejection('bad-txns-vout-empty')
  let total = 0n
  for (const [i, output] of outputs.entries()) {
    if (output.value > MAX_MONEY) {
      throw new BitcoinRejection('bad-txns-vout-toolarge', `output ${i} is over 21 million BTC`)
    }
    total += output.value
    if (total > MAX_MONEY) {
      throw new BitcoinRejection('bad-txns-txouttotal-toolarge', 'outputs add up to over 21M BTC')
    }
  }
  const seen = new Set<string>()
  for (const input of inputs) {
    const outpoint = `${input.txid}:${input.vout}`
    if (seen.has(outpoint)) {
      throw new BitcoinRejection('bad-txns-inputs-duplicate', `${outpoint} is spent twice`)
    }
    seen.add(outpoint)
    if (input.txid === NULL_TXID && input.vout === 0xffffffff && !options.coinbase) {
      throw new BitcoinRejection('coinbase', 'a coinbase transaction is only valid in a block')
    }
  }
  const stripped = RawTx.encode({ ...decoded, segwitFlag: false, witnesses: undefined })
  const weight = stripped.length * 3 + raw.length
  return {
    txid: hex.encode(sha256x2(stripped).reverse()),
    version: decoded.version,
    lockTime: decoded.lockTime,
    inputs,
    outputs,
    witnesses: decoded.witnesses ?? inputs.map(() => []),
    raw,
    size: raw.length,
    weight,
    vsize: Math.ceil(weight / 4),
  }
}

export type MineRequest = { blocks: number; address?: ParsedAddress }
const MAX_BLOCKS_PER_REQUEST = 1000

/** `POST /__devnet/mine` `{ blocks?, address? }`: 1 block to the faucet by default. */
export function parseMineRequest(body: unknown): MineRequest {
  if (body === undefined) return { blocks: 1 }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new BitcoinRejection('invalid body', 'expected { blocks?, address? }')
  }
  const { blocks = 1, address, ...rest } = body as Record<string, unknown>
  const extra = Object.keys(rest)
  if (extra.length > 0) throw new BitcoinRejection('invalid body', `unknown field ${extra[0]}`)
  if (!Number.isInteger(blocks) || (blocks as number) < 1) {
    throw new BitcoinRejection('invalid blocks', 'expected a positive integer')
  }
  if ((blocks as number) > MAX_BLOCKS_PER_REQUEST) {
    throw new BitcoinRejection('invalid blocks', `at most ${MAX_BLOCKS_PER_REQUEST} at a time`)
  }
  return {
    blocks: blocks as number,
    ...(address === undefined ? {} : { address: parseAddress(address) }),
  }
}

export type FundRequest = { address: ParsedAddress; value: bigint }

/**
 * `POST /__devnet/fund` `{ address, value }`: `value` in satoshis, a positive safe integer or a
 * decimal string (so amounts over 2^53 are not silently rounded).
 */
export function parseFundRequest(body: unknown): FundRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new BitcoinRejection('invalid body', 'expected { address, value }')
  }
  const { address, value, ...rest } = body as Record<string, unknown>
  const extra = Object.keys(rest)
  if (extra.length > 0) throw new BitcoinRejection('invalid body', `unknown field ${extra[0]}`)
  return { address: parseAddress(address), value: parseSatoshis(value) }
}

export function parseSatoshis(value: unknown): bigint {
  let sats: bigint | undefined
  if (typeof value === 'number' && Number.isSafeInteger(value)) sats = BigInt(value)
  if (typeof value === 'string' && /^[1-9]\d{0,15}$/.test(value)) sats = BigInt(value)
  if (typeof value === 'bigint') sats = value
  if (sats === undefined || sats <= 0n || sats > MAX_MONEY) {
    throw new BitcoinRejection('invalid value', 'expected a positive amount of satoshis')
  }
  return sats
}
