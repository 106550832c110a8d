import type { Message } from '../messages/index.js'

/** The largest value a 256-bit field holds: the protocol's cap on fees. */
export const MAX_UINT256 = 2n ** 256n - 1n

/** What the embedded wallet's checks say about a request, by message key. */
export const RPC_MESSAGES = {
  sendCallsShape: { key: 'auth.rpc.sendCallsShape' },
  sendCallsTo: { key: 'auth.rpc.sendCallsTo' },
  transactionShape: { key: 'auth.rpc.transactionShape' },
  quantity: (field: string): Message => ({ key: 'auth.rpc.quantity', params: { field } }),
  chainId: { key: 'auth.rpc.chainId' },
  to: { key: 'auth.rpc.to' },
  feeFieldsForType: { key: 'auth.rpc.feeFieldsForType' },
  feeCapTooHigh: { key: 'auth.rpc.feeCapTooHigh' },
  tipAboveFeeCap: { key: 'auth.rpc.tipAboveFeeCap' },
  accessList: { key: 'auth.rpc.accessList' },
  storageKey: { key: 'auth.rpc.storageKey' },
  blobHashesEmpty: { key: 'auth.rpc.blobHashesEmpty' },
  blobHashSize: { key: 'auth.rpc.blobHashSize' },
  blobHashVersion: { key: 'auth.rpc.blobHashVersion' },
} as const

const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const HEX = /^0x[0-9a-fA-F]*$/
const HEX_QUANTITY = /^0x[0-9a-fA-F]+$/
/** A blob's versioned hash starts with this version byte (KZG commitments, EIP-4844). */
const BLOB_HASH_VERSION = 0x01

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * An RPC response is transaction-like if it is 0x plus 64 hex characters, or 0x plus 62 or more
 * hex characters (a hash, a signature); anything else an unsafe method returns must be an object.
 */
export function isTransactionLike(value: unknown): value is `0x${string}` {
  return typeof value === 'string' && /^0x[0-9a-fA-F]{62,}$/.test(value)
}

/** `wallet_sendCalls` needs every call's `to` to start with 0x. */
export function checkSendCalls(params: unknown): Message | undefined {
  const request = Array.isArray(params) ? params[0] : params
  if (!isObject(request) || !Array.isArray(request.calls) || request.calls.length === 0) {
    return RPC_MESSAGES.sendCallsShape
  }
  for (const call of request.calls) {
    if (!isObject(call) || typeof call.to !== 'string' || !call.to.startsWith('0x')) {
      return RPC_MESSAGES.sendCallsTo
    }
  }
  return undefined
}

type TransactionType = 'legacy' | 'eip2930' | 'eip1559' | 'eip4844' | 'eip7702'

const TYPES: Record<string, TransactionType> = {
  '0x0': 'legacy',
  '0x1': 'eip2930',
  '0x2': 'eip1559',
  '0x3': 'eip4844',
  '0x4': 'eip7702',
  legacy: 'legacy',
  eip2930: 'eip2930',
  eip1559: 'eip1559',
  eip4844: 'eip4844',
  eip7702: 'eip7702',
}

/** A quantity field: a hex string (as RPC sends them), a bigint or a safe non-negative integer. */
function quantity(value: unknown): bigint | undefined {
  if (typeof value === 'bigint') return value >= 0n ? value : undefined
  if (typeof value === 'number') {
    return Number.isSafeInteger(value) && value >= 0 ? BigInt(value) : undefined
  }
  return typeof value === 'string' && HEX_QUANTITY.test(value) ? BigInt(value) : undefined
}

const QUANTITY_FIELDS = [
  'chainId',
  'value',
  'gas',
  'gasPrice',
  'maxFeePerGas',
  'maxPriorityFeePerGas',
  'nonce',
] as const

/** The type a transaction request declares, or the one its fee fields imply. */
function typeOf(tx: Record<string, unknown>): TransactionType | undefined {
  if (tx.type !== undefined) return typeof tx.type === 'string' ? TYPES[tx.type] : undefined
  if (tx.blobVersionedHashes !== undefined) return 'eip4844'
  if (tx.maxFeePerGas !== undefined || tx.maxPriorityFeePerGas !== undefined) return 'eip1559'
  if (tx.gasPrice !== undefined) return tx.accessList !== undefined ? 'eip2930' : 'legacy'
  return 'eip1559'
}

function checkAccessList(list: unknown): Message | undefined {
  if (!Array.isArray(list)) return RPC_MESSAGES.accessList
  for (const entry of list) {
    if (!isObject(entry) || typeof entry.address !== 'string' || !ADDRESS.test(entry.address)) {
      return RPC_MESSAGES.accessList
    }
    if (!Array.isArray(entry.storageKeys)) return RPC_MESSAGES.accessList
    for (const key of entry.storageKeys) {
      // A storage slot is 32 bytes: 64 hex characters after 0x.
      if (typeof key !== 'string' || !HEX.test(key) || key.length !== 66) {
        return RPC_MESSAGES.storageKey
      }
    }
  }
  return undefined
}

function checkBlobHashes(hashes: unknown): Message | undefined {
  if (!Array.isArray(hashes) || hashes.length === 0) return RPC_MESSAGES.blobHashesEmpty
  for (const hash of hashes) {
    if (typeof hash !== 'string' || !HEX.test(hash) || hash.length !== 66) {
      return RPC_MESSAGES.blobHashSize
    }
    if (Number.parseInt(hash.slice(2, 4), 16) !== BLOB_HASH_VERSION) {
      return RPC_MESSAGES.blobHashVersion
    }
  }
  return undefined
}

/**
 * The encoding checks a transaction request passes before the frame is asked to sign it: a chain
 * id above 0, a valid `to`, no fee cap above the protocol's maximum, a priority fee not above the
 * fee cap, storage keys of 64 hex characters, blob hashes present, 32 bytes and of the right
 * version, and no max-fee fields on legacy and EIP-2930 transactions. Returns what is wrong, or
 * undefined.
 */
export function checkTransaction(tx: unknown): Message | undefined {
  if (!isObject(tx)) return RPC_MESSAGES.transactionShape
  const values: Partial<Record<(typeof QUANTITY_FIELDS)[number], bigint>> = {}
  for (const field of QUANTITY_FIELDS) {
    if (tx[field] === undefined) continue
    const parsed = quantity(tx[field])
    if (parsed === undefined) return RPC_MESSAGES.quantity(field)
    values[field] = parsed
  }
  const type = typeOf(tx)
  if (!type) return RPC_MESSAGES.transactionShape
  if (values.chainId !== undefined && values.chainId <= 0n) return RPC_MESSAGES.chainId
  if (tx.to !== undefined && tx.to !== null) {
    if (typeof tx.to !== 'string' || !ADDRESS.test(tx.to)) return RPC_MESSAGES.to
  }
  if (
    (type === 'legacy' || type === 'eip2930') &&
    (values.maxFeePerGas !== undefined || values.maxPriorityFeePerGas !== undefined)
  ) {
    return RPC_MESSAGES.feeFieldsForType
  }
  for (const cap of [values.gasPrice, values.maxFeePerGas]) {
    if (cap !== undefined && cap > MAX_UINT256) return RPC_MESSAGES.feeCapTooHigh
  }
  const { maxFeePerGas, maxPriorityFeePerGas } = values
  if (
    maxFeePerGas !== undefined &&
    maxPriorityFeePerGas !== undefined &&
    maxPriorityFeePerGas > maxFeePerGas
  ) {
    return RPC_MESSAGES.tipAboveFeeCap
  }
  if (tx.accessList !== undefined) {
    const problem = checkAccessList(tx.accessList)
    if (problem) return problem
  }
  if (type === 'eip4844') return checkBlobHashes(tx.blobVersionedHashes)
  return undefined
}
