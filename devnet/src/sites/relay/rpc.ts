import { createHash } from 'node:crypto'
import type { RawData, WebSocket } from 'ws'
import {
  invalidParams,
  messageData,
  objectOf,
  publishInput,
  RpcError,
  topicList,
  topicOf,
} from './params.js'
import type { createMessageStore, PublishInput, StoredMessage } from './store.js'

type Id = number | string

export type Connection = {
  socket: WebSocket
  /** The client id of the auth JWT, else one made up for this socket. */
  client: string
  /** topic → subscription id */
  subscriptions: Map<string, string>
  /** Pushed messages waiting for the client's acknowledgement, by the push's request id. */
  unacked: Map<Id, StoredMessage>
}

/**
 * The relay's JSON-RPC side: the requests of its connections (`irn_*`, `wc_*`), the topics they
 * subscribe to, and the pushes of the messages published on them.
 */
export function createRelayRpc(
  store: ReturnType<typeof createMessageStore>,
  log: ((line: string) => void) | undefined,
) {
  const subscribers = new Map<string, Set<Connection>>()
  // Request ids of pushes: numbers, like the clients' own payload ids, unique per relay.
  let nextPushId = Date.now() * 1000

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
      log?.(`relay: ${method} → ${rpc.code} ${rpc.message}`)
      send(connection, { id, jsonrpc: '2.0', error: { code: rpc.code, message: rpc.message } })
    }
  }

  return { onMessage, unsubscribe }
}
