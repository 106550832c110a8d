import { createHash } from 'node:crypto'
import { createServer } from 'node:http'
import { createRequire } from 'node:module'
import type { Socket } from 'node:net'
import type * as Ws from 'ws'
import type { RawData, WebSocket } from 'ws'
import { closeHttp, listen } from '../../kernel/http.js'
import { clientIdFromUrl } from './clientId.js'
import {
  invalidParams,
  messageData,
  objectOf,
  publishInput,
  RpcError,
  topicList,
  topicOf,
} from './params.js'
import { createMessageStore, type PublishInput, type StoredMessage } from './store.js'
import type { Relay, RelayOptions, RelayRefusal } from './types.js'

export type { Relay, RelayMessage, RelayOptions, RelayRefusal, RelayStats } from './types.js'

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
