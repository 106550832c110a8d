import { unreachableFetch } from './client.js'

type Handler = (params: readonly unknown[]) => unknown

/** A JSON-RPC error as a node sends it (an `eth_call` that reverts carries its data). */
export class RpcFailure {
  constructor(
    readonly code: number,
    readonly message: string,
    readonly data?: string,
  ) {}
}

const HASH = (n: number) => `0x${n.toString(16).padStart(64, '0')}`

/** A mined receipt as a node answers `eth_getTransactionReceipt`. */
export function receiptOf(
  hash: string,
  { status = '0x1', from = `0x${'0'.repeat(40)}`, to = `0x${'0'.repeat(40)}` } = {},
) {
  return {
    transactionHash: hash,
    transactionIndex: '0x0',
    blockHash: HASH(16),
    blockNumber: '0x10',
    from,
    to,
    cumulativeGasUsed: '0x5208',
    gasUsed: '0x5208',
    effectiveGasPrice: '0x1',
    contractAddress: null,
    logs: [],
    logsBloom: `0x${'0'.repeat(512)}`,
    status,
    type: '0x2',
  }
}

/**
 * A chain node at the edge of the world: `fetch` answers JSON-RPC posted to `url` from handlers
 * the test sets (`on(method, handler)`; a handler throws an `RpcFailure` to answer with an
 * error), and refuses every other request as a server that is down. `calls` lists what was asked.
 */
export function createFakeRpc(url = 'http://rpc.test/') {
  const handlers = new Map<string, Handler>([
    ['eth_chainId', () => '0x7a69'],
    ['eth_blockNumber', () => '0x10'],
    ['eth_getBalance', () => '0xde0b6b3a7640000'],
    ['eth_call', () => '0x'],
    ['eth_estimateGas', () => '0x5208'],
  ])
  const calls: { method: string; params: readonly unknown[] }[] = []
  /** Every other request (the APIs'), refused as by a server that is down. */
  const elsewhere: string[] = []
  async function answer(request: { id: number; method: string; params?: unknown[] }) {
    const params = request.params ?? []
    calls.push({ method: request.method, params })
    const handler = handlers.get(request.method)
    try {
      if (!handler) throw new RpcFailure(-32601, `no ${request.method} here`)
      return { jsonrpc: '2.0', id: request.id, result: await handler(params) }
    } catch (error) {
      if (!(error instanceof RpcFailure)) throw error
      const { code, message, data } = error
      return { jsonrpc: '2.0', id: request.id, error: { code, message, data } }
    }
  }
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    if (!href.startsWith(url)) {
      elsewhere.push(href)
      return unreachableFetch(input, init)
    }
    const body = JSON.parse(String(init?.body))
    const out = Array.isArray(body) ? await Promise.all(body.map(answer)) : await answer(body)
    return new Response(JSON.stringify(out), { headers: { 'content-type': 'application/json' } })
  }
  return {
    url,
    fetch,
    calls,
    elsewhere,
    on(method: string, handler: Handler) {
      handlers.set(method, handler)
    },
    asked: (method: string) => calls.filter((call) => call.method === method),
  }
}

export type FakeRpc = ReturnType<typeof createFakeRpc>
