import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { createRequire } from 'node:module'
import type * as Ws from 'ws'
import type { WebSocket } from 'ws'
import { closeHttp, listen, readBody } from '../../kernel/http.js'
import { refuseHttp, refuseUpgrade } from '../../kernel/loopback.js'
import { HttpError } from '../../kernel/reply.js'
import {
  errorMessage,
  INTERNAL_ERROR,
  type JsonRpcId,
  type ParsedEntry,
  parseJsonRpcBody,
  RpcError,
  resultMessage,
  stringifyJson,
} from './jsonrpc.js'
import { callSolanaMethod, type SolanaRpcContext } from './methods.js'
import { createSubscriptions } from './subscriptions.js'

const MAX_BODY_BYTES = 2_000_000

export type SolanaRpcServer = {
  /** `http://host:port`: the JSON-RPC endpoint. */
  url: string
  /** `ws://host:port`: the subscription endpoint (same port). */
  wsUrl: string
  port: number
  close(): Promise<void>
}

/**
 * The HTTP JSON-RPC facade over the ledger, and on the same port the WebSocket subscriptions
 * kit's `sendAndConfirmTransactionFactory` waits on (signatureSubscribe, slotSubscribe, and
 * accountSubscribe for apps that watch a balance). CORS is open: browser SDKs call it directly.
 */
export async function startSolanaRpcServer(options: {
  host: string
  port: number
  context: SolanaRpcContext
  log?: (line: string) => void
}): Promise<SolanaRpcServer> {
  const { context } = options

  const server = createServer((req, res) => {
    handleHttp(req, res).catch((error: unknown) => {
      options.log?.(`solana rpc failed: ${String(error)}`)
      if (!res.headersSent) res.writeHead(500).end()
      else res.destroy()
    })
  })

  async function handleHttp(req: IncomingMessage, res: ServerResponse) {
    // Only this machine's pages, under this machine's names (no rebound DNS name).
    if (refuseHttp(req, res, 'loopback')) return
    res.setHeader('Access-Control-Allow-Origin', '*')
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS')
    const requested = req.headers['access-control-request-headers']
    res.setHeader('Access-Control-Allow-Headers', requested ? requested : 'Content-Type')
    res.setHeader('Access-Control-Max-Age', '600')
    if (req.method === 'OPTIONS') return void res.writeHead(204).end()
    if (req.method === 'GET' && req.url?.split('?')[0] === '/health') {
      return void res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok')
    }
    if (req.method !== 'POST') {
      return void res
        .writeHead(405, { Allow: 'POST', 'Content-Type': 'text/plain' })
        .end('Used HTTP Method is not allowed. POST or OPTIONS is required')
    }
    let body: string
    try {
      body = await readBody(req, MAX_BODY_BYTES)
    } catch (error) {
      if (!(error instanceof HttpError)) throw error
      return void res.writeHead(error.status, { 'Content-Type': 'text/plain' }).end(error.message)
    }
    const answer = answerBody(body)
    if (answer === undefined) return void res.writeHead(204).end()
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(answer)
  }

  /** The JSON text answering a body; undefined when it held only notifications. */
  function answerBody(text: string): string | undefined {
    const parsed = parseJsonRpcBody(text)
    if (parsed.kind === 'invalid') return stringifyJson(errorMessage(null, parsed.error))
    if (parsed.kind === 'single') {
      const answer = answerEntry(parsed.entry)
      return answer === undefined ? undefined : stringifyJson(answer)
    }
    const answers = parsed.entries.map(answerEntry).filter((answer) => answer !== undefined)
    return answers.length === 0 ? undefined : stringifyJson(answers)
  }

  function answerEntry(entry: ParsedEntry) {
    if (!entry.ok) return errorMessage(entry.id, entry.error)
    const { request } = entry
    const answer = run(request.id, () => callSolanaMethod(request.method, request.params, context))
    return request.notification ? undefined : answer
  }

  function run(id: JsonRpcId, call: () => unknown) {
    try {
      return resultMessage(id, call())
    } catch (error) {
      if (error instanceof RpcError) return errorMessage(id, error.toObject())
      options.log?.(`solana rpc: ${String(error)}`)
      return errorMessage(id, {
        code: INTERNAL_ERROR,
        message: error instanceof Error ? error.message : String(error),
      })
    }
  }

  // Subscriptions ----------------------------------------------------------------------------

  const subscriptions = createSubscriptions(context, run)
  const sockets = new Set<WebSocket>()
  // Required rather than imported: under a DOM test environment an import of 'ws' resolves to
  // its browser stub, which has no server (as in the relay).
  const { WebSocketServer } = createRequire(import.meta.url)('ws') as typeof Ws
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1_000_000 })

  server.on('upgrade', (req, socket, head) => {
    if (refuseUpgrade(req, socket)) return
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.add(ws)
      ws.on('message', (data) => {
        const answer = subscriptions.answerBody(ws, String(data))
        if (answer !== undefined) ws.send(answer)
      })
      ws.on('close', () => {
        sockets.delete(ws)
        subscriptions.dropSocket(ws)
      })
      ws.on('error', () => ws.terminate())
    })
  })

  const { port, authority } = await listen(server, { name: 'solana rpc', ...options })

  return {
    url: `http://${authority}`,
    wsUrl: `ws://${authority}`,
    port,
    close() {
      subscriptions.stop()
      for (const socket of sockets) socket.terminate()
      wss.close()
      return closeHttp(server)
    },
  }
}
