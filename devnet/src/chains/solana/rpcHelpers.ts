import {
  type Address,
  type EncodedAccount,
  getBase58Decoder,
  getBase58Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  isAddress,
} from '@solana/kit'
import {
  config,
  describeValue,
  invalidParams,
  optionalCommitment,
  RpcError,
  requireCount,
  requireString,
} from './jsonrpc.js'
import type { LandedTransaction, Ledger } from './ledger.js'
import { parseTokenJson } from './tokens.js'

// What the Solana RPC methods share: reading their parameters and writing accounts,
// statuses and transactions as the RPC answers them.

/** What `getVersion` reports: the Agave line LiteSVM 1.5 runs. */
export const SOLANA_CORE_VERSION = '3.0.0'
/** Accounts that pay no rent carry u64::MAX as their rent epoch. */
const RENT_EXEMPT_EPOCH = 18_446_744_073_709_551_615n
export const MAX_MULTIPLE_ACCOUNTS = 100
export const MAX_SIGNATURE_STATUSES = 256
/** The RPC refuses base58 account data above this size. */
const MAX_BASE58_BYTES = 128

export type SolanaRpcContext = { ledger: Ledger; genesisHash: string }
export type Handler = (params: unknown[], context: SolanaRpcContext) => unknown

export type Encoding = 'base58' | 'base64' | 'base64+zstd' | 'jsonParsed'
const ENCODINGS: readonly string[] = ['base58', 'base64', 'base64+zstd', 'jsonParsed', 'binary']

const base58 = () => getBase58Decoder()
const toBase64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')

export function requireAddress(value: unknown, what = 'address'): Address {
  if (typeof value !== 'string' || !isAddress(value)) {
    throw invalidParams(`Invalid param: ${what} is not a valid base58 address`)
  }
  return value
}

export function readEncoding(value: unknown, fallback: Encoding): Encoding {
  if (value === undefined) return fallback
  if (typeof value !== 'string' || !ENCODINGS.includes(value)) {
    throw invalidParams(`Invalid params: unknown encoding ${describeValue(value)}`)
  }
  return value === 'binary' ? 'base58' : (value as Encoding)
}

export function readDataSlice(value: unknown): { offset: number; length: number } | undefined {
  if (value === undefined || value === null) return undefined
  const slice = config(value)
  return {
    offset: Number(requireCount(slice.offset, 'dataSlice.offset')),
    length: Number(requireCount(slice.length, 'dataSlice.length')),
  }
}

/** Base64 (or base58) wire bytes of a transaction or message parameter. */
export function readWireBytes(value: unknown, encoding: unknown, what: string): Uint8Array {
  const text = requireString(value, what)
  const chosen = encoding ?? 'base58'
  if (chosen === 'base64') {
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) {
      throw invalidParams(`Invalid params: ${what} is not base64`)
    }
    return new Uint8Array(Buffer.from(text, 'base64'))
  }
  if (chosen === 'base58') {
    try {
      return new Uint8Array(getBase58Encoder().encode(text))
    } catch {
      throw invalidParams(`Invalid params: ${what} is not base58`)
    }
  }
  throw invalidParams(`Invalid params: unsupported encoding ${describeValue(chosen)}`)
}

/** The `context` of an answer; `minContextSlot` past the last block is the RPC's -32016. */
export function context(ctx: SolanaRpcContext, options: Record<string, unknown> = {}) {
  optionalCommitment(options.commitment)
  const slot = ctx.ledger.slot()
  if (options.minContextSlot !== undefined) {
    const wanted = requireCount(options.minContextSlot, 'minContextSlot')
    if (wanted > slot) {
      throw new RpcError(-32016, 'Minimum context slot has not been reached', { contextSlot: slot })
    }
  }
  return { slot, apiVersion: SOLANA_CORE_VERSION }
}

/** An account as the RPC writes it, in the asked encoding. */
export function encodeAccount(
  ctx: SolanaRpcContext,
  account: EncodedAccount,
  encoding: Encoding,
  slice?: { offset: number; length: number },
) {
  const whole = account.data as Uint8Array
  const bytes = slice ? whole.subarray(slice.offset, slice.offset + slice.length) : whole
  let data: unknown
  if (encoding === 'jsonParsed') {
    const parsed = slice ? undefined : parseTokenJson(ctx.ledger.getAccount, account)
    data = parsed ?? [toBase64(bytes), 'base64']
  } else if (encoding === 'base58') {
    if (bytes.length > MAX_BASE58_BYTES) {
      throw new RpcError(
        -32600,
        'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.',
      )
    }
    data = [base58().decode(bytes), 'base58']
  } else if (encoding === 'base64') {
    data = [toBase64(bytes), 'base64']
  } else {
    throw invalidParams('Invalid params: base64+zstd is not supported by the devnet, use base64')
  }
  return {
    data,
    executable: account.executable,
    lamports: account.lamports,
    owner: account.programAddress,
    rentEpoch: RENT_EXEMPT_EPOCH,
    space: BigInt(whole.length),
  }
}

export function signatureStatus(entry: LandedTransaction | undefined) {
  if (!entry) return null
  return {
    slot: entry.slot,
    confirmations: null,
    err: entry.err,
    status: entry.err === null ? { Ok: null } : { Err: entry.err },
    confirmationStatus: 'finalized',
  }
}

type MemcmpFilter = { offset: number; bytes: Uint8Array }
export type ProgramFilter = { dataSize: number } | { memcmp: MemcmpFilter }

export function readFilters(value: unknown): ProgramFilter[] {
  if (value === undefined || value === null) return []
  if (!Array.isArray(value)) throw invalidParams('Invalid params: filters must be an array')
  return value.map((raw) => {
    const filter = config(raw)
    if (filter.dataSize !== undefined) {
      return { dataSize: Number(requireCount(filter.dataSize, 'dataSize')) }
    }
    const memcmp = config(filter.memcmp)
    const offset = Number(requireCount(memcmp.offset, 'memcmp.offset'))
    const bytes = readWireBytes(memcmp.bytes, memcmp.encoding ?? 'base58', 'memcmp.bytes')
    return { memcmp: { offset, bytes } }
  })
}

export function matches(account: EncodedAccount, filters: ProgramFilter[]): boolean {
  const data = account.data as Uint8Array
  return filters.every((filter) => {
    if ('dataSize' in filter) return data.length === filter.dataSize
    const { offset, bytes } = filter.memcmp
    if (offset + bytes.length > data.length) return false
    return bytes.every((byte, i) => data[offset + i] === byte)
  })
}

export function transactionJson(entry: LandedTransaction, encoding: string) {
  const wire = entry.wire as Uint8Array
  if (encoding === 'base64') return [toBase64(wire), 'base64']
  if (encoding === 'base58') return [base58().decode(wire), 'base58']
  const transaction = getTransactionDecoder().decode(wire)
  const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)
  if (!('instructions' in message)) {
    throw invalidParams('Invalid params: v1 transactions are answered in base64 only')
  }
  return {
    signatures: Object.values(transaction.signatures).map((signature) =>
      signature ? base58().decode(signature) : null,
    ),
    message: {
      accountKeys: message.staticAccounts,
      header: {
        numRequiredSignatures: message.header.numSignerAccounts,
        numReadonlySignedAccounts: message.header.numReadonlySignerAccounts,
        numReadonlyUnsignedAccounts: message.header.numReadonlyNonSignerAccounts,
      },
      instructions: message.instructions.map((instruction) => ({
        programIdIndex: instruction.programAddressIndex,
        accounts: instruction.accountIndices ?? [],
        data: base58().decode(instruction.data ?? new Uint8Array()),
        stackHeight: null,
      })),
      recentBlockhash: message.lifetimeToken,
      ...(message.version === 0
        ? {
            addressTableLookups: (message.addressTableLookups ?? []).map((lookup) => ({
              accountKey: lookup.lookupTableAddress,
              writableIndexes: lookup.writableIndexes,
              readonlyIndexes: lookup.readonlyIndexes,
            })),
          }
        : {}),
    },
  }
}

/**
 * The JSON-RPC methods the facade answers, with the Solana RPC's parameter and answer shapes.
 * Anything else is -32601 Method not found.
 */
