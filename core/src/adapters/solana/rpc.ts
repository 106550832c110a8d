import { getBase64Decoder, getBase64Encoder, isAddress } from '@solana/kit'
import { PorticoError } from '../../errors/index.js'
import { withDeadline } from '../../kernel/deadline.js'
import { cleanDisplayText } from '../../kit.js'
import { isRecord } from '../../storage/validators.js'
import { parseJsonWithBigInts } from './json.js'

/**
 * How long one Solana RPC call may take. Ours: a node answers reads in well under a second; ten
 * times the API's usual worst case leaves room for a congested public endpoint.
 */
export const SOLANA_RPC_TIMEOUT_MS = 30_000
/** The commitment reads and fee estimates use: a supermajority voted for the block. */
export const SOLANA_COMMITMENT = 'confirmed'
/** The longest RPC error text kept in a message. */
const MAX_RPC_MESSAGE_LENGTH = 200
/** Base64 of an account's data: a token account is 165 bytes, a mint 82; 10 MiB is the maximum. */
const MAX_ACCOUNT_DATA_BASE64 = 14_000_000

export type SolanaAccountInfo = { owner: string; lamports: bigint; data: Uint8Array }
export type SignatureStatus = {
  confirmationStatus: 'processed' | 'confirmed' | 'finalized' | undefined
  /** The transaction's error when it landed but failed; null when it succeeded. */
  err: unknown
}

/** The Solana JSON-RPC methods the adapter uses, each answer checked before it is used. */
export type SolanaRpc = {
  getBalance(address: string): Promise<bigint>
  getLatestBlockhash(): Promise<{ blockhash: string; lastValidBlockHeight: bigint }>
  getAccountInfo(address: string): Promise<SolanaAccountInfo | null>
  /** The fee of a compiled message (base64); null when its blockhash is no longer valid. */
  getFeeForMessage(messageBase64: string): Promise<bigint | null>
  getMinimumBalanceForRentExemption(size: number): Promise<bigint>
  /** Sends a signed wire transaction (base64); resolves its signature. */
  sendTransaction(wireBase64: string): Promise<string>
  getSignatureStatus(signature: string): Promise<SignatureStatus | null>
  getBlockHeight(): Promise<bigint>
}

const invalid = (method: string, why: string) =>
  new PorticoError('INVALID_RESPONSE', `The Solana RPC answered ${method} with ${why}`, {
    details: { method },
  })

/** A u64 from the RPC: a non-negative integer (number or, beyond 2^53, bigint). */
export function u64(value: unknown, method: string): bigint {
  if (typeof value === 'bigint' && value >= 0n && value < 2n ** 64n) return value
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value)
  throw invalid(method, 'an amount that is no u64')
}

/** Most methods answer `{ context, value }`. */
function contextValue(result: unknown, method: string): unknown {
  if (!isRecord(result) || !('value' in result)) throw invalid(method, 'no value')
  return result.value
}

const BLOCKHASH = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
const SIGNATURE = /^[1-9A-HJ-NP-Za-km-z]{64,88}$/
const CONFIRMATIONS = new Set(['processed', 'confirmed', 'finalized'])

export function createSolanaRpc(
  url: string,
  fetchFn: typeof fetch = (...args) => globalThis.fetch(...args),
): SolanaRpc {
  let nextId = 1

  async function call(method: string, params: readonly unknown[]): Promise<unknown> {
    const controller = new AbortController()
    const request = (async () => {
      let response: Response
      try {
        response = await fetchFn(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
          signal: controller.signal,
        })
      } catch (cause) {
        throw new PorticoError('API_ERROR', `The Solana RPC could not be reached (${method})`, {
          cause,
          details: { method },
        })
      }
      if (!response.ok) {
        throw new PorticoError(
          'API_ERROR',
          `The Solana RPC answered ${method} with ${response.status}`,
          {
            details: { method, status: response.status },
          },
        )
      }
      let body: unknown
      try {
        body = parseJsonWithBigInts(await response.text())
      } catch (cause) {
        throw new PorticoError(
          'INVALID_RESPONSE',
          `The Solana RPC answered ${method} with no JSON`,
          {
            cause,
            details: { method },
          },
        )
      }
      if (!isRecord(body)) throw invalid(method, 'no JSON-RPC object')
      if (isRecord(body.error)) {
        const text = cleanDisplayText(body.error.message, MAX_RPC_MESSAGE_LENGTH) ?? 'an error'
        throw new PorticoError('API_ERROR', `The Solana RPC refused ${method}: ${text}`, {
          details: { method, code: body.error.code, data: body.error.data },
        })
      }
      if (!('result' in body)) throw invalid(method, 'neither a result nor an error')
      return body.result
    })()
    return withDeadline(request, {
      timeoutMs: SOLANA_RPC_TIMEOUT_MS,
      onTimeout: () => {
        controller.abort()
        return new PorticoError('TIMEOUT', `The Solana RPC did not answer ${method} in time`, {
          details: { method, seconds: SOLANA_RPC_TIMEOUT_MS / 1_000 },
        })
      },
    })
  }

  const config = { commitment: SOLANA_COMMITMENT }

  return {
    async getBalance(address) {
      return u64(
        contextValue(await call('getBalance', [address, config]), 'getBalance'),
        'getBalance',
      )
    },
    async getLatestBlockhash() {
      const value = contextValue(await call('getLatestBlockhash', [config]), 'getLatestBlockhash')
      if (
        !isRecord(value) ||
        typeof value.blockhash !== 'string' ||
        !BLOCKHASH.test(value.blockhash)
      ) {
        throw invalid('getLatestBlockhash', 'no blockhash')
      }
      return {
        blockhash: value.blockhash,
        lastValidBlockHeight: u64(value.lastValidBlockHeight, 'getLatestBlockhash'),
      }
    },
    async getAccountInfo(address) {
      const method = 'getAccountInfo'
      const value = contextValue(
        await call(method, [address, { ...config, encoding: 'base64' }]),
        method,
      )
      if (value === null) return null
      if (!isRecord(value) || typeof value.owner !== 'string' || !isAddress(value.owner)) {
        throw invalid(method, 'an account without an owner')
      }
      const data = value.data
      if (
        !Array.isArray(data) ||
        data[1] !== 'base64' ||
        typeof data[0] !== 'string' ||
        data[0].length > MAX_ACCOUNT_DATA_BASE64
      ) {
        throw invalid(method, 'account data that is not base64')
      }
      let bytes: Uint8Array
      try {
        bytes = new Uint8Array(getBase64Encoder().encode(data[0]))
      } catch {
        throw invalid(method, 'account data that is not base64')
      }
      // The decoder skips what it cannot place (a lone `/`, a short last group): only text that
      // the bytes write back to exactly is what the node meant.
      if (getBase64Decoder().decode(bytes) !== data[0]) {
        throw invalid(method, 'account data that is not base64')
      }
      return { owner: value.owner, lamports: u64(value.lamports, method), data: bytes }
    },
    async getFeeForMessage(message) {
      const value = contextValue(
        await call('getFeeForMessage', [message, config]),
        'getFeeForMessage',
      )
      return value === null ? null : u64(value, 'getFeeForMessage')
    },
    async getMinimumBalanceForRentExemption(size) {
      const method = 'getMinimumBalanceForRentExemption'
      return u64(await call(method, [size, config]), method)
    },
    async sendTransaction(wire) {
      const signature = await call('sendTransaction', [
        wire,
        { encoding: 'base64', preflightCommitment: SOLANA_COMMITMENT },
      ])
      if (typeof signature !== 'string' || !SIGNATURE.test(signature)) {
        throw invalid('sendTransaction', 'no signature')
      }
      return signature
    },
    async getSignatureStatus(signature) {
      const method = 'getSignatureStatuses'
      const value = contextValue(await call(method, [[signature]]), method)
      if (!Array.isArray(value) || value.length !== 1) throw invalid(method, 'no status list')
      const status = value[0]
      if (status === null) return null
      if (!isRecord(status)) throw invalid(method, 'a status that is no object')
      const confirmation = status.confirmationStatus
      if (
        confirmation !== null &&
        confirmation !== undefined &&
        // Not String(…): a list like ['finalized'] would pass as its text.
        (typeof confirmation !== 'string' || !CONFIRMATIONS.has(confirmation))
      ) {
        throw invalid(method, 'an unknown confirmation status')
      }
      return {
        confirmationStatus: (confirmation ?? undefined) as SignatureStatus['confirmationStatus'],
        err: status.err ?? null,
      }
    },
    async getBlockHeight() {
      return u64(await call('getBlockHeight', [config]), 'getBlockHeight')
    },
  }
}
