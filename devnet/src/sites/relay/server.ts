import { createHash } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { createRequire } from 'node:module'
import type { Socket } from 'node:net'
import type * as Ws from 'ws'
import type { RawData, WebSocket } from 'ws'
import { closeHttp, listen } from '../../kernel/http.js'
import { clientIdFromUrl } from './clientId.js'
import { createMessageStore, type PublishInput, type StoredMessage } from './store.js'

export type RelayOptions = {
  /** Loopback by default. */
  host?: string
  /** 0 (the default) picks a free port. */
  port?: number
  /** Protocol problems (unknown methods, bad params) are reported here. */
  log?: (line: string) => void
  /**
   * How often the relay pings every socket (WebSocket ping frames). The 2.25 clients in Node
   * drop a socket that has not been pinged for about 40 s, as the hosted relay pings regularly.
   */
  pingIntervalMs?: number
  /**
   * Plain HTTP requests on the relay's port (anything but the WebSocket upgrade): return true
   * when answered. Unanswered ones get `426 Upgrade Required`.
   */
  http?: (req: IncomingMessage, res: ServerResponse) => boolean
}

/**
 * How the relay turns WebSocket clients away while refused: `'reject'` answers the upgrade with
 * `503 Service Unavailable` at once (a relay that is down behind its load balancer); `'hang'`
 * accepts the TCP connection and never answers it (a relay that cannot be reached: the client
 * only learns from its own timeout).
 */
export type RelayRefusal = 'reject' | 'hang'

export type RelayStats = {
  /** Open sockets. */
  connections: number
  /** Distinct client ids among the open sockets. */
  clients: number
  /** Topic subscriptions over every open socket. */
  subscriptions: number
  /** Messages stored and not yet expired. */
  messages: number
  /** How sockets are turned away, while refused (see `refuse`). */
  refused: RelayRefusal | undefined
  /** Connections held unanswered by a `'hang'` refusal. */
  held: number
  /** Sockets turned away by refusals since the relay started (each attempt a client made). */
  turnedAway: number
}

export type RelayMessage = {
  topic: string
  message: string
  publishedAt: number
  tag?: number
  attestation?: string
}

export type Relay = {
  /** `ws://host:port`: what clients take as their relayUrl. */
  url: string
  port: number
  stats(): RelayStats
  /** The live messages stored for a topic, oldest first (for tests). */
  messages(topic: string): RelayMessage[]
  /**
   * Refuses the relay's socket (for tests of a relay that is down): every open socket is closed
   * and new ones are turned away (`'reject'`, the default, or `'hang'`) until `restore()`. Plain
   * HTTP on the port (the Devnet Mobile Wallet page) is still served. Stored messages are kept.
   */
  refuse(mode?: RelayRefusal): void
  /** Accepts sockets again; connections held open by `'hang'` are closed. */
  restore(): void
  /** Closes every socket and the server. */
  close(): Promise<void>
}

type Id = number | string

type Connection = {
  socket: WebSocket
  /** The client id of the auth JWT, else one made up for this socket. */
  client: string
  /** topic → subscription id */
  subscriptions: Map<string, string>
  /** Pushed messages waiting for the client's acknowledgement, by the push's request id. */
  unacked: Map<Id, StoredMessage>
}

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

const invalidParams = (message: string) => new RpcError(-32602, message)

export const DEFAULT_PING_INTERVAL_MS = 15_000

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
  const subscribers = new Map<string, Set<Connection>>()
  let anonymous = 0
  // Request ids of pushes: numbers, like the clients' own payload ids, unique per relay.
  let nextPushId = Date.now() * 1000

  const http = createServer((req, res) => {
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

  function send(connection: Connection, payload: unknown) {
    if (connection.socket.readyState !== connection.socket.OPEN) return
    connection.socket.send(JSON.stringify(payload))
  }

  function subscriptionId(connection: Connection, topic: string): string {
    // What the clients compute themselves: sha256(topic + clientId).
    return createHash('sha256').update(`${topic}${connection.client}`).digest('hex')
  }

  function deliver(connection: Connection, entry: StoredMessage) {
    for (const inFlight of connection.unacked.values()) if (inFlight === entry) return
    const subId = connection.subscriptions.get(entry.topic)
    if (subId === undefined) return
    const id = nextPushId++
    connection.unacked.set(id, entry)
    send(connection, {
      id,
      jsonrpc: '2.0',
      method: 'irn_subscription',
      params: { id: subId, data: messageData(entry) },
    })
  }

  function subscribe(connection: Connection, topic: string): string {
    let id = connection.subscriptions.get(topic)
    if (id === undefined) {
      id = subscriptionId(connection, topic)
      connection.subscriptions.set(topic, id)
      let set = subscribers.get(topic)
      if (!set) {
        set = new Set()
        subscribers.set(topic, set)
      }
      set.add(connection)
    }
    return id
  }

  /** Sends what the topic's mailbox holds for this client (after the subscribe's answer). */
  function flush(connection: Connection, topic: string) {
    for (const entry of store.undelivered(topic, connection.client)) deliver(connection, entry)
  }

  function unsubscribe(connection: Connection, topic: string) {
    connection.subscriptions.delete(topic)
    const set = subscribers.get(topic)
    set?.delete(connection)
    if (set?.size === 0) subscribers.delete(topic)
  }

  function publish(connection: Connection, input: PublishInput) {
    const entry = store.add(input, connection.client)
    for (const subscriber of subscribers.get(input.topic) ?? []) {
      if (subscriber.client !== connection.client) deliver(subscriber, entry)
    }
  }

  function fetchMessages(connection: Connection, topics: string[]) {
    const messages = topics.flatMap((topic) =>
      store.undelivered(topic, connection.client).map((entry) => {
        entry.receivedBy.add(connection.client)
        return messageData(entry)
      }),
    )
    return { messages, hasMore: false }
  }

  /** Handles one request; returns its result, or a function to run after the answer went out. */
  function handle(
    connection: Connection,
    method: string,
    params: Record<string, unknown>,
  ): { result: unknown; after?: () => void } {
    switch (method) {
      case 'irn_subscribe': {
        const topic = topicOf(params.topic)
        return { result: subscribe(connection, topic), after: () => flush(connection, topic) }
      }
      case 'irn_batchSubscribe': {
        const topics = topicList(params.topics)
        return {
          result: topics.map((topic) => subscribe(connection, topic)),
          after: () => {
            for (const topic of topics) flush(connection, topic)
          },
        }
      }
      case 'irn_unsubscribe':
        unsubscribe(connection, topicOf(params.topic))
        return { result: true }
      case 'irn_batchUnsubscribe': {
        const list = params.subscriptions
        if (!Array.isArray(list)) throw invalidParams('subscriptions must be an array')
        for (const item of list) {
          unsubscribe(connection, topicOf((item as { topic?: unknown } | null)?.topic))
        }
        return { result: true }
      }
      case 'irn_publish':
        publish(connection, publishInput(params))
        return { result: true }
      case 'irn_batchPublish': {
        const list = params.messages
        if (!Array.isArray(list)) throw invalidParams('messages must be an array')
        const inputs = list.map((item) => publishInput(objectOf(item)))
        for (const input of inputs) publish(connection, input)
        return { result: true }
      }
      case 'irn_fetchMessages':
        return { result: fetchMessages(connection, [topicOf(params.topic)]) }
      case 'irn_batchFetchMessages':
        return { result: fetchMessages(connection, topicList(params.topics)) }
      case 'wc_proposeSession': {
        // The dapp never subscribes to the pairing topic itself: the relay does it, so the
        // wallet's answer reaches it. The proposal waits in the mailbox for the wallet to pair.
        const pairingTopic = topicOf(params.pairingTopic)
        const proposal = publishInput({
          ...params,
          topic: pairingTopic,
          message: params.sessionProposal,
        })
        subscribe(connection, pairingTopic)
        publish(connection, proposal)
        return { result: true, after: () => flush(connection, pairingTopic) }
      }
      case 'wc_approveSession': {
        // The answer to the proposal goes on the pairing topic, the settlement request on the
        // session topic, which the wallet is subscribed to from now on. The dapp subscribes to
        // the session topic after reading the answer and finds the settlement in the mailbox.
        const pairingTopic = topicOf(params.pairingTopic)
        const sessionTopic = topicOf(params.sessionTopic)
        const response = publishInput({
          ...params,
          topic: pairingTopic,
          message: params.sessionProposalResponse,
        })
        const settlement = publishInput({
          ...params,
          topic: sessionTopic,
          message: params.sessionSettlementRequest,
        })
        subscribe(connection, sessionTopic)
        publish(connection, response)
        publish(connection, settlement)
        return { result: true, after: () => flush(connection, sessionTopic) }
      }
      default:
        throw new RpcError(-32601, `Method not found: ${method}`)
    }
  }

  function onMessage(connection: Connection, data: RawData) {
    let payload: unknown
    try {
      payload = JSON.parse(data.toString())
    } catch {
      send(connection, {
        id: null,
        jsonrpc: '2.0',
        error: { code: -32700, message: 'Parse error' },
      })
      return
    }
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
      send(connection, {
        id: null,
        jsonrpc: '2.0',
        error: { code: -32600, message: 'Invalid Request' },
      })
      return
    }
    const { id, method, params } = payload as { id?: Id; method?: unknown; params?: unknown }
    if (method === undefined) {
      // The client's answer to a push: acknowledged, so not delivered to this client again.
      if (id === undefined) return
      const entry = connection.unacked.get(id)
      if (!entry) return
      connection.unacked.delete(id)
      if (!('error' in payload)) entry.receivedBy.add(connection.client)
      return
    }
    if (typeof method !== 'string' || (typeof id !== 'number' && typeof id !== 'string')) {
      send(connection, {
        id: id ?? null,
        jsonrpc: '2.0',
        error: { code: -32600, message: 'Invalid Request' },
      })
      return
    }
    try {
      const { result, after } = handle(connection, method, objectOf(params))
      send(connection, { id, jsonrpc: '2.0', result })
      after?.()
    } catch (error) {
      const rpc = error instanceof RpcError ? error : new RpcError(-32603, String(error))
      options.log?.(`relay: ${method} → ${rpc.code} ${rpc.message}`)
      send(connection, { id, jsonrpc: '2.0', error: { code: rpc.code, message: rpc.message } })
    }
  }

  wss.on('connection', (socket, request) => {
    const connection: Connection = {
      socket,
      client: clientIdFromUrl(request.url) ?? `anonymous:${++anonymous}`,
      subscriptions: new Map(),
      unacked: new Map(),
    }
    connections.add(connection)
    socket.on('message', (data) => onMessage(connection, data))
    socket.on('error', (error) => options.log?.(`relay: socket error ${error.message}`))
    socket.on('close', () => {
      connections.delete(connection)
      for (const topic of [...connection.subscriptions.keys()]) unsubscribe(connection, topic)
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

function messageData(entry: StoredMessage): RelayMessage {
  return {
    topic: entry.topic,
    message: entry.message,
    publishedAt: entry.publishedAt,
    ...(entry.tag === undefined ? {} : { tag: entry.tag }),
    ...(entry.attestation === undefined ? {} : { attestation: entry.attestation }),
  }
}

function objectOf(value: unknown): Record<string, unknown> {
  if (value === undefined) return {}
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalidParams('params must be an object')
  }
  return value as Record<string, unknown>
}

function topicOf(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0) throw invalidParams('topic must be a string')
  return value
}

function topicList(value: unknown): string[] {
  if (!Array.isArray(value)) throw invalidParams('topics must be an array')
  return value.map(topicOf)
}

function publishInput(params: Record<string, unknown>): PublishInput {
  const topic = topicOf(params.topic)
  if (typeof params.message !== 'string' || params.message.length === 0) {
    throw invalidParams('message must be a string')
  }
  return {
    topic,
    message: params.message,
    ...(typeof params.ttl === 'number' ? { ttl: params.ttl } : {}),
    ...(typeof params.tag === 'number' ? { tag: params.tag } : {}),
    ...(typeof params.attestation === 'string' ? { attestation: params.attestation } : {}),
  }
}
