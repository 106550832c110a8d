// What the approval must know before it is shown, read from the chain: the gas and fees the
// transaction will be signed with (so "Total cost" is what can leave the account) and the
// decimals and symbol of a token a call moves (from the token contract, never from the app).

import { decodeFunctionResult, encodeFunctionData, type Hex, hexToBigInt, parseAbi } from 'viem'
import { rpcCall } from '../../../wallets/evm/rpc.js'
import type { TransactionRequest } from '../../../wallets/evm/transactions.js'
import type { TokenInfo } from './describe.js'
import { cleanText } from './text.js'

const FALLBACK_PRIORITY_FEE = 1_000_000_000n
const METADATA = parseAbi([
  'function decimals() view returns (uint8)',
  'function symbol() view returns (string)',
])

/** The token's decimals and symbol from its contract, or undefined when it does not answer. */
export async function readToken(rpcUrl: string, address: string): Promise<TokenInfo | undefined> {
  const read = async (functionName: 'decimals' | 'symbol') => {
    const data = await rpcCall<Hex>(rpcUrl, 'eth_call', [
      { to: address, data: encodeFunctionData({ abi: METADATA, functionName }) },
      'latest',
    ])
    return decodeFunctionResult({ abi: METADATA, functionName, data })
  }
  try {
    const [decimals, symbol] = await Promise.all([read('decimals'), read('symbol')])
    return { decimals: Number(decimals), symbol: cleanText(String(symbol), { max: 12 }) }
  } catch {
    return undefined
  }
}

/**
 * The transaction with its gas and fees filled in as signAndSend would (the app's values kept),
 * so the approval shows, and the wallet signs, the same numbers. `maxFee` is the per-gas cap.
 */
export async function fillTransaction(
  rpcUrl: string,
  from: Hex,
  tx: TransactionRequest,
): Promise<{ tx: TransactionRequest; gas: bigint; maxFee: bigint }> {
  const data = tx.data ?? tx.input
  const value = tx.value ? hexToBigInt(tx.value) : 0n
  const call = { from, ...(tx.to ? { to: tx.to } : {}), value: `0x${value.toString(16)}`, data }
  const gas = tx.gas
    ? hexToBigInt(tx.gas)
    : await rpcCall<Hex>(rpcUrl, 'eth_estimateGas', [call]).then(hexToBigInt)
  const hex = (n: bigint) => `0x${n.toString(16)}` as Hex
  if (tx.gasPrice) {
    return { tx: { ...tx, gas: hex(gas) }, gas, maxFee: hexToBigInt(tx.gasPrice) }
  }
  const priority = tx.maxPriorityFeePerGas
    ? hexToBigInt(tx.maxPriorityFeePerGas)
    : await rpcCall<Hex>(rpcUrl, 'eth_maxPriorityFeePerGas')
        .then(hexToBigInt)
        .catch(() => FALLBACK_PRIORITY_FEE)
  let maxFee: bigint
  if (tx.maxFeePerGas) maxFee = hexToBigInt(tx.maxFeePerGas)
  else {
    const block = await rpcCall<{ baseFeePerGas?: Hex }>(rpcUrl, 'eth_getBlockByNumber', [
      'latest',
      false,
    ])
    const baseFee = block.baseFeePerGas ? hexToBigInt(block.baseFeePerGas) : 0n
    // Twice the base fee leaves room for it to rise for a few blocks, as wallets usually do.
    maxFee = baseFee * 2n + priority
  }
  return {
    tx: { ...tx, gas: hex(gas), maxFeePerGas: hex(maxFee), maxPriorityFeePerGas: hex(priority) },
    gas,
    maxFee,
  }
}
