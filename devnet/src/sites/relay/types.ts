import type { IncomingMessage, ServerResponse } from 'node:http'

// The relay as its users see it: options, state for tests, stored messages.

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
