import { createServer } from 'node:http'
import { createRequire } from 'node:module'
import type { Socket } from 'node:net'
import type * as Ws from 'ws'
import { closeHttp, listen } from '../../kernel/http.js'
import { refuseHttp, refuseUpgrade } from '../../kernel/loopback.js'
import { clientIdFromUrl } from './clientId.js'
import { messageData } from './params.js'
import { type Connection, createRelayRpc } from './rpc.js'
import { createMessageStore } from './store.js'
import type { Relay, RelayOptions, RelayRefusal } from './types.js'

export type { Relay, RelayMessage, RelayOptions, RelayRefusal, RelayStats } from './types.js'

const DEFAULT_PING_INTERVAL_MS = 15_000

/**
 * A WalletConnect relay on loopback, enough for the 2.25 clients (`@walletconnect/sign-client`,
 * `@walletconnect/universal-provider`) to pair and talk without the hosted relay: the `irn_*`
 * JSON-RPC methods, `irn_subscription` pushes with their acknowledgements, a per-topic mailbox
 * with ttl for late subscribers, and the 2.2x `wc_proposeSession` / `wc_approveSession` methods,
 * which publish their payloads and subscribe the sender to the pairing topic (proposal) and the
 * session topic (approval). Any projectId and any auth JWT are accepted.
 */
export async function startRelay(options: RelayOptions = {}): Promise<Relay> {
  const host = options.host ?? '127.0.0.1'
  const store = createMessageStore()
  const connections = new Set<Connection>()
  let anonymous = 0

  const http = createServer((req, res) => {
    if (refuseHttp(req, res, 'loopback')) return
    if (options.http?.(req, res)) return
    res.writeHead(426, { 'Content-Type': 'text/plain', Upgrade: 'websocket' })
    res.end('Portico devnet WalletConnect relay: connect with a WebSocket\n')
  })
  // Required rather than imported: under a DOM test environment (happy-dom) an import of 'ws'
  // resolves to its browser build, which has no server.
  const { WebSocketServer } = createRequire(import.meta.url)('ws') as typeof Ws
  // The upgrade is handled here rather than by the WebSocket server, so the relay can refuse it.
  const wss = new WebSocketServer({ noServer: true })
  let refused: RelayRefusal | undefined
  /** Upgrade requests held open by a 'hang' refusal. */
  const held = new Set<Socket>()
  let turnedAway = 0
  http.on('upgrade', (request, socket: Socket, head) => {
    // Only this machine's pages (and clients that send no Origin, like Node's) reach the relay.
    if (refuseUpgrade(request, socket)) return
    if (refused) turnedAway++
    if (refused === 'reject') {
      socket.end(
        'HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n',
      )
      return
    }
    if (refused === 'hang') {
      held.add(socket)
      socket.on('close', () => held.delete(socket))
      socket.on('error', () => undefined)
      return
    }
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request))
  })
  const releaseHeld = () => {
    for (const socket of held) socket.destroy()
    held.clear()
  }

  const rpc = createRelayRpc(store, options.log)

  wss.on('connection', (socket, request) => {
    const connection: Connection = {
      socket,
      client: clientIdFromUrl(request.url) ?? `anonymous:${++anonymous}`,
      subscriptions: new Map(),
      unacked: new Map(),
    }
    connections.add(connection)
    socket.on('message', (data) => rpc.onMessage(connection, data))
    socket.on('error', (error) => options.log?.(`relay: socket error ${error.message}`))
    socket.on('close', () => {
      connections.delete(connection)
      for (const topic of [...connection.subscriptions.keys()]) {
        rpc.unsubscribe(connection, topic)
      }
      connection.unacked.clear()
    })
  })

  const { port, authority } = await listen(http, {
    name: 'walletconnect relay',
    host,
    port: options.port ?? 0,
  })

  const pinger = setInterval(() => {
    for (const { socket } of connections) if (socket.readyState === socket.OPEN) socket.ping()
  }, options.pingIntervalMs ?? DEFAULT_PING_INTERVAL_MS)
  pinger.unref()

  let closed: Promise<void> | undefined
  return {
    url: `ws://${authority}`,
    port,
    stats() {
      let subscriptions = 0
      for (const connection of connections) subscriptions += connection.subscriptions.size
      return {
        connections: connections.size,
        clients: new Set([...connections].map((c) => c.client)).size,
        subscriptions,
        messages: store.size(),
        refused,
        held: held.size,
        turnedAway,
      }
    },
    messages: (topic) => store.list(topic).map(messageData),
    refuse(mode = 'reject') {
      if (mode !== 'reject' && mode !== 'hang')
        throw new TypeError(`unknown refusal ${String(mode)}`)
      refused = mode
      // What clients see when the relay goes away: their socket drops without a close frame.
      for (const { socket } of connections) socket.terminate()
    },
    restore() {
      refused = undefined
      releaseHeld()
    },
    close() {
      closed ??= new Promise<void>((resolve) => {
        clearInterval(pinger)
        releaseHeld()
        for (const { socket } of connections) socket.terminate()
        wss.close(() => void closeHttp(http).then(resolve))
        store.clear()
      })
      return closed
    },
  }
}
