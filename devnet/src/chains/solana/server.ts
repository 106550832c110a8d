import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { createRequire } from 'node:module'
import { type Address, isAddress, isSignature } from '@solana/kit'
import type * as Ws from 'ws'
import type { WebSocket } from 'ws'
import { closeHttp, listen, readBody } from '../../kernel/http.js'
import { HttpError } from '../../kernel/reply.js'
import {
  config,
  errorMessage,
  INTERNAL_ERROR,
  invalidParams,
  type JsonRpcId,
  type JsonRpcRequest,
  METHOD_NOT_FOUND,
  type ParsedEntry,
  parseJsonRpcBody,
  positional,
  RpcError,
  requireCount,
  resultMessage,
  stringifyJson,
} from './jsonrpc.js'
import type { Block } from './ledger.js'
import { callSolanaMethod, type SolanaRpcContext } from './methods.js'

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

  type Subscription = {
    socket: WebSocket
    kind: 'signature' | 'slot' | 'root' | 'account'
    /** For signature and account subscriptions. */
    key?: string
    encoding?: string
    /** The account as last sent (its JSON), to notify only on change. */
    last?: string
  }
  const subscriptions = new Map<number, Subscription>()
  let nextSubscription = 0
  const sockets = new Set<WebSocket>()
  // Required rather than imported: under a DOM test environment an import of 'ws' resolves to
  // its browser stub, which has no server (as in the relay).
  const { WebSocketServer } = createRequire(import.meta.url)('ws') as typeof Ws
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1_000_000 })

  server.on('upgrade', (req, socket, head) => {
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.add(ws)
      ws.on('message', (data) => {
        const answer = answerSubscriptionBody(ws, String(data))
        if (answer !== undefined) ws.send(answer)
      })
      ws.on('close', () => {
        sockets.delete(ws)
        for (const [id, subscription] of subscriptions) {
          if (subscription.socket === ws) subscriptions.delete(id)
        }
      })
      ws.on('error', () => ws.terminate())
    })
  })

  function answerSubscriptionBody(ws: WebSocket, text: string): string | undefined {
    const parsed = parseJsonRpcBody(text)
    if (parsed.kind === 'invalid') return stringifyJson(errorMessage(null, parsed.error))
    const entries = parsed.kind === 'single' ? [parsed.entry] : parsed.entries
    const answers: unknown[] = []
    const after: (() => void)[] = []
    for (const entry of entries) {
      if (!entry.ok) {
        answers.push(errorMessage(entry.id, entry.error))
        continue
      }
      // kit's keep-alive `ping` is a notification: nothing to answer.
      if (entry.request.notification) continue
      answers.push(run(entry.request.id, () => subscriptionMethod(ws, entry.request, after)))
    }
    // Notifications owed at once (a signature that already landed) follow the answer.
    queueMicrotask(() => {
      for (const send of after) send()
    })
    if (answers.length === 0) return undefined
    return stringifyJson(parsed.kind === 'single' ? answers[0] : answers)
  }

  function subscriptionMethod(ws: WebSocket, request: JsonRpcRequest, after: (() => void)[]) {
    const params = positional(request.params)
    const unsubscribe = (kind: Subscription['kind']) => {
      const id = Number(requireCount(params[0], 'subscription id'))
      const subscription = subscriptions.get(id)
      if (!subscription || subscription.socket !== ws || subscription.kind !== kind) {
        throw invalidParams('Invalid subscription id.')
      }
      subscriptions.delete(id)
      return true
    }
    const subscribe = (subscription: Omit<Subscription, 'socket'>) => {
      const id = nextSubscription++
      subscriptions.set(id, { ...subscription, socket: ws })
      return id
    }
    switch (request.method) {
      case 'signatureSubscribe': {
        const signature = params[0]
        if (typeof signature !== 'string' || !isSignature(signature)) {
          throw invalidParams('Invalid param: not a base58 signature')
        }
        config(params[1])
        const id = subscribe({ kind: 'signature', key: signature })
        const landed = context.ledger.status(signature)
        if (landed) after.push(() => notifySignature(id, landed.slot, landed.err))
        return id
      }
      case 'slotSubscribe':
        return subscribe({ kind: 'slot' })
      case 'rootSubscribe':
        return subscribe({ kind: 'root' })
      case 'accountSubscribe': {
        const address = params[0]
        if (typeof address !== 'string' || !isAddress(address)) {
          throw invalidParams('Invalid param: not a base58 address')
        }
        const cfg = config(params[1])
        const encoding = typeof cfg.encoding === 'string' ? cfg.encoding : 'base58'
        const subscription = { kind: 'account' as const, key: address, encoding }
        return subscribe({ ...subscription, last: accountState(address, encoding).json })
      }
      case 'signatureUnsubscribe':
        return unsubscribe('signature')
      case 'slotUnsubscribe':
        return unsubscribe('slot')
      case 'rootUnsubscribe':
        return unsubscribe('root')
      case 'accountUnsubscribe':
        return unsubscribe('account')
      default:
        throw new RpcError(METHOD_NOT_FOUND, `Method not found: ${request.method}`)
    }
  }

  /** The account as getAccountInfo answers it, and that answer's JSON to compare. */
  function accountState(address: string, encoding: string) {
    const answer = callSolanaMethod('getAccountInfo', [address, { encoding }], context) as {
      value: unknown
    }
    return { value: answer.value, json: stringifyJson(answer.value) }
  }

  function notify(id: number, method: string, result: unknown) {
    const subscription = subscriptions.get(id)
    if (!subscription || subscription.socket.readyState !== subscription.socket.OPEN) return
    subscription.socket.send(
      stringifyJson({ jsonrpc: '2.0', method, params: { result, subscription: id } }),
    )
  }

  function notifySignature(id: number, slot: bigint, err: unknown) {
    notify(id, 'signatureNotification', { context: { slot }, value: { err } })
    // A signature subscription ends with its notification.
    subscriptions.delete(id)
  }

  const stopListening = context.ledger.onBlock((block: Block) => {
    for (const [id, subscription] of [...subscriptions]) {
      if (subscription.kind === 'slot') {
        notify(id, 'slotNotification', {
          parent: block.parent,
          root: block.slot,
          slot: block.slot,
        })
      } else if (subscription.kind === 'root') {
        notify(id, 'rootNotification', block.slot)
      } else if (subscription.kind === 'signature') {
        const key = subscription.key as string
        if (!block.signatures.includes(key)) continue
        notifySignature(id, block.slot, context.ledger.status(key)?.err ?? null)
      } else {
        const state = accountState(subscription.key as Address, subscription.encoding ?? 'base58')
        if (state.json === subscription.last) continue
        subscription.last = state.json
        notify(id, 'accountNotification', { context: { slot: block.slot }, value: state.value })
      }
    }
  })

  const { port, authority } = await listen(server, { name: 'solana rpc', ...options })

  return {
    url: `http://${authority}`,
    wsUrl: `ws://${authority}`,
    port,
    close() {
      stopListening()
      subscriptions.clear()
      for (const socket of sockets) socket.terminate()
      wss.close()
      return closeHttp(server)
    },
  }
}
