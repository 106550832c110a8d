import { type Address, type Hex, hexToBigInt, hexToNumber, type LocalAccount } from 'viem'
import { invalidParams } from './errors.js'
import { rpcCall } from './rpc.js'

export type TransactionRequest = {
  /** When given, the chain the page built the transaction for (hex). */
  chainId?: Hex
  from?: Address
  to?: Address | null
  value?: Hex
  data?: Hex
  input?: Hex
  gas?: Hex
  gasPrice?: Hex
  maxFeePerGas?: Hex
  maxPriorityFeePerGas?: Hex
  nonce?: Hex
}

const FALLBACK_PRIORITY_FEE = 1_000_000_000n

/**
 * Fills what the page left out (nonce, gas, fees) from the chain, signs with the local key and
 * broadcasts with eth_sendRawTransaction, as an extension wallet does. Returns the hash.
 */
export async function signAndSend(
  account: LocalAccount,
  chainId: number,
  rpcUrl: string,
  tx: TransactionRequest,
): Promise<Hex> {
  if (!account.signTransaction) throw invalidParams('this account cannot sign transactions')
  // Like extension wallets: a transaction built for another chain than the selected one is
  // refused, never signed for the wrong chain.
  if (tx.chainId !== undefined && hexToNumber(tx.chainId) !== chainId) {
    throw invalidParams(
      `the transaction is for chain ${hexToNumber(tx.chainId)}, the wallet is on ${chainId}`,
    )
  }
  const from = account.address
  const data = tx.data ?? tx.input
  const value = tx.value ? hexToBigInt(tx.value) : 0n
  const call = { from, ...(tx.to ? { to: tx.to } : {}), value: `0x${value.toString(16)}`, data }

  const [nonce, gas] = await Promise.all([
    tx.nonce
      ? hexToNumber(tx.nonce)
      : rpcCall<Hex>(rpcUrl, 'eth_getTransactionCount', [from, 'pending']).then(hexToNumber),
    tx.gas
      ? hexToBigInt(tx.gas)
      : rpcCall<Hex>(rpcUrl, 'eth_estimateGas', [call]).then(hexToBigInt),
  ])
  const base = {
    chainId,
    nonce,
    gas,
    value,
    ...(tx.to ? { to: tx.to } : {}),
    ...(data ? { data } : {}),
  }

  let serialized: Hex
  if (tx.gasPrice) {
    serialized = await account.signTransaction({
      ...base,
      type: 'legacy',
      gasPrice: hexToBigInt(tx.gasPrice),
    })
  } else {
    const fees = await eip1559Fees(rpcUrl, tx)
    serialized = await account.signTransaction({ ...base, type: 'eip1559', ...fees })
  }
  return rpcCall<Hex>(rpcUrl, 'eth_sendRawTransaction', [serialized])
}

async function eip1559Fees(rpcUrl: string, tx: TransactionRequest) {
  const priority = tx.maxPriorityFeePerGas
    ? hexToBigInt(tx.maxPriorityFeePerGas)
    : await rpcCall<Hex>(rpcUrl, 'eth_maxPriorityFeePerGas')
        .then(hexToBigInt)
        .catch(() => FALLBACK_PRIORITY_FEE)
  if (tx.maxFeePerGas) {
    return { maxFeePerGas: hexToBigInt(tx.maxFeePerGas), maxPriorityFeePerGas: priority }
  }
  const block = await rpcCall<{ baseFeePerGas?: Hex }>(rpcUrl, 'eth_getBlockByNumber', [
    'latest',
    false,
  ])
  const baseFee = block.baseFeePerGas ? hexToBigInt(block.baseFeePerGas) : 0n
  // Twice the base fee leaves room for it to rise for a few blocks, as wallets usually do.
  return { maxFeePerGas: baseFee * 2n + priority, maxPriorityFeePerGas: priority }
}
