import { ProviderRpcError } from './errors.js'

/**
 * Methods answered by the current chain's node as they are. Not core's SAFE_RPC_METHODS: that is
 * the secure frame's read-only class (account methods and wallet_* in, filters and raw
 * transactions out), and this wallet stands in for a third-party extension, so it imports nothing
 * of the SDK (`@portico/core/internal` would put most of core into every dev page before the app).
 */
export const READ_METHODS = new Set([
  'eth_blockNumber',
  'eth_call',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_blobBaseFee',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockReceipts',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getCode',
  'eth_getLogs',
  'eth_getProof',
  'eth_getStorageAt',
  'eth_getTransactionByHash',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_newFilter',
  'eth_newBlockFilter',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_uninstallFilter',
  'eth_sendRawTransaction',
  'eth_syncing',
  'net_listening',
  'web3_clientVersion',
])

let nextId = 1

/**
 * One JSON-RPC call to a chain node. Node errors keep their code, message and data (a revert's
 * data included), so the page sees what it would see from a real wallet's pass-through.
 */
export async function rpcCall<T = unknown>(
  url: string,
  method: string,
  params: readonly unknown[] = [],
): Promise<T> {
  let response: Response
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
    })
  } catch (error) {
    throw new ProviderRpcError(-32603, `RPC ${url} unreachable: ${String(error)}`)
  }
  const payload = (await response.json().catch(() => undefined)) as
    | { result?: T; error?: { code: number; message: string; data?: unknown } }
    | undefined
  if (!payload) throw new ProviderRpcError(-32603, `RPC ${url} answered ${response.status}`)
  if (payload.error) {
    throw new ProviderRpcError(payload.error.code, payload.error.message, payload.error.data)
  }
  return payload.result as T
}
