import { SAFE_RPC_METHODS } from '@portico/core/internal'
import { ProviderRpcError } from './errors.js'

/**
 * Methods answered by the current chain's node as they are: the read-only methods of the secure
 * frame's protocol (one list, core's), less the `wallet_*` ones this wallet does not support (the
 * account and chain ones it answers itself before asking this set), and the filter methods and raw
 * transactions, which only pass through a wallet, never the frame.
 */
export const READ_METHODS: ReadonlySet<string> = new Set([
  ...SAFE_RPC_METHODS.filter((method) => !method.startsWith('wallet_')),
  'eth_newFilter',
  'eth_newBlockFilter',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_uninstallFilter',
  'eth_sendRawTransaction',
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
