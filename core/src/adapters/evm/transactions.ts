import {
  BaseError,
  decodeErrorResult,
  getAddress,
  type Hash,
  type Hex,
  isAddress,
  isHash,
  isHex,
  numberToHex,
  type PublicClient,
  WaitForTransactionReceiptTimeoutError,
} from 'viem'
import type { Eip1193Provider } from '../../connectors/index.js'
import { cleanDisplayText, evmChainId, PorticoError, toWalletError } from '../../kit.js'
import type { PorticoNetwork } from '../../options/index.js'
import type { TransactionReceipt, TransactionRequest } from '../types.js'

/** How long a sent transaction is waited for before the wait gives up (the transfer's wait too). */
export const RECEIPT_TIMEOUT_MS = 120_000
/** A revert reason kept in a message: what a contract says fits well within this. */
const MAX_REASON_LENGTH = 200

/**
 * The reason a call reverted, as the contract wrote it (`UniswapV2Router: EXPIRED`), read from the
 * revert data when the node returned it, else from the node's message; undefined when neither says.
 */
export function revertReason(error: unknown): string | undefined {
  if (!(error instanceof BaseError)) return undefined
  let reason: string | undefined
  error.walk((inner) => {
    const data = (inner as { data?: unknown }).data
    const hex = typeof data === 'string' ? data : (data as { data?: unknown } | undefined)?.data
    if (reason === undefined && typeof hex === 'string' && isHex(hex) && hex.length > 10) {
      try {
        const decoded = decodeErrorResult({ abi: [], data: hex as Hex })
        const first = decoded.args?.[0]
        if (decoded.errorName === 'Error' && typeof first === 'string') reason = first
        else if (decoded.errorName === 'Panic') reason = `panic ${String(first)}`
      } catch {
        // Custom errors of an ABI we do not have: the node's message below may still say.
      }
    }
    return false
  })
  if (reason === undefined) {
    // One line each: the pattern reads a reason up to the end of its line, and viem's short
    // message often repeats the node's ("Execution reverted with reason: …") after it.
    const text = `${error.details ?? ''}\n${error.shortMessage}`
    reason = /reverted(?: with reason(?: string)?)?:? ['"]?([^'"\n]+?)['"]?\.?\s*$/im
      .exec(text)?.[1]
      ?.trim()
  }
  return cleanDisplayText(reason, MAX_REASON_LENGTH)
}

/** An address in its checksummed form, or an INVALID_INPUT error that names which one is wrong. */
function checkedAddress(value: string, role: 'sender' | 'receiver'): Hex {
  if (!isAddress(value, { strict: false })) {
    throw new PorticoError('INVALID_INPUT', `The transaction's ${role} is not an address`)
  }
  return getAddress(value)
}

function requestOf(request: TransactionRequest) {
  const data = request.data
  if (data !== undefined && !isHex(data)) {
    throw new PorticoError('INVALID_INPUT', 'The transaction data is not hex')
  }
  return {
    from: checkedAddress(request.from, 'sender'),
    to: checkedAddress(request.to, 'receiver'),
    data: data as Hex | undefined,
    value: request.value ?? 0n,
  }
}

/**
 * Sends a transaction built elsewhere: simulated on the chain first (one that would revert is
 * refused with the chain's reason and never reaches the wallet), then handed to the wallet with
 * the chain it was built for, which a wallet on another chain refuses (EIP-1474).
 */
export async function sendEvmTransaction(
  client: PublicClient,
  provider: Eip1193Provider,
  request: TransactionRequest,
  network: PorticoNetwork,
): Promise<string> {
  const call = requestOf(request)
  try {
    await client.call({
      account: call.from,
      to: call.to,
      data: call.data,
      value: call.value,
      gas: request.gas,
    })
  } catch (cause) {
    const reason = revertReason(cause)
    throw new PorticoError(
      'WALLET_ERROR',
      `This transaction would fail: ${reason ?? 'the chain refused it'}`,
      { cause, details: reason ? { reason } : {} },
    )
  }
  let hash: unknown
  try {
    hash = await provider.request({
      method: 'eth_sendTransaction',
      params: [
        {
          chainId: numberToHex(evmChainId(network)),
          from: call.from,
          to: call.to,
          value: numberToHex(call.value),
          ...(call.data ? { data: call.data } : {}),
          ...(request.gas !== undefined ? { gas: numberToHex(request.gas) } : {}),
        },
      ],
    })
  } catch (error) {
    throw toWalletError(error, 'transaction')
  }
  if (typeof hash !== 'string' || !isHash(hash)) {
    throw new PorticoError('WALLET_ERROR', 'The wallet answered with an invalid transaction hash')
  }
  return hash
}

/**
 * Waits for a transaction's receipt. A reverted one is run again at its block to read why (the
 * reason is what the user needs: "the price moved", "expired"); a wait past the timeout is a
 * TIMEOUT that names the hash, so the app can look it up later.
 */
export async function waitForEvmTransaction(
  client: PublicClient,
  hash: string,
): Promise<TransactionReceipt> {
  let status: 'success' | 'reverted'
  let blockNumber: bigint
  try {
    const receipt = await client.waitForTransactionReceipt({
      hash: hash as Hash,
      timeout: RECEIPT_TIMEOUT_MS,
    })
    status = receipt.status
    blockNumber = receipt.blockNumber
  } catch (cause) {
    if (cause instanceof WaitForTransactionReceiptTimeoutError) {
      throw new PorticoError(
        'TIMEOUT',
        `The transaction was not mined within ${RECEIPT_TIMEOUT_MS / 1_000} s`,
        { cause, details: { hash } },
      )
    }
    throw new PorticoError('WALLET_ERROR', 'The transaction receipt could not be read', {
      cause,
      details: { hash },
    })
  }
  if (status === 'success') return { hash, status }
  try {
    const sent = await client.getTransaction({ hash: hash as Hash })
    await client.call({
      account: sent.from,
      to: sent.to,
      data: sent.input,
      value: sent.value,
      gas: sent.gas,
      blockNumber,
    })
  } catch (error) {
    const reason = revertReason(error)
    if (reason) return { hash, status, reason }
  }
  return { hash, status }
}
