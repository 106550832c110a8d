import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import { isAddressHost, isLoopbackOrigin } from '../services/api/cors.js'

// DNS rebinding: a page on `attacker.example` whose name is re-pointed at 127.0.0.1 becomes
// same-origin with a devnet server and may read its answers. The browser still sends the name
// it resolved as `Host` (and its own origin as `Origin`), so every devnet server checks both:
// the API's rules (services/api/cors.ts), shared here rather than written again.

/** Which `Origin` headers a server answers: only loopback pages (or requests without one). */
export type OriginRule = 'loopback' | 'any'

/**
 * Why a request is refused, or undefined when it may be answered: its `Host` must name this
 * machine by an IP address or `localhost`, and (rule `loopback`) its `Origin`, when it has one,
 * must be a loopback page.
 */
export function loopbackRefusal(
  req: Pick<IncomingMessage, 'headers'>,
  rule: OriginRule,
): string | undefined {
  if (!isAddressHost(req.headers.host)) {
    return `host ${JSON.stringify(req.headers.host ?? '')} is not this machine's address`
  }
  const origin = req.headers.origin
  if (rule === 'loopback' && origin !== undefined && !isLoopbackOrigin(origin)) {
    return `origin ${origin} is not allowed`
  }
  return undefined
}

/** Answers a refused HTTP request with 403 and the reason; true when it was refused. */
export function refuseHttp(req: IncomingMessage, res: ServerResponse, rule: OriginRule): boolean {
  const reason = loopbackRefusal(req, rule)
  if (reason === undefined) return false
  const body = JSON.stringify({ error: reason })
  res.writeHead(403, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
  })
  res.end(body)
  return true
}

/** Ends a refused WebSocket upgrade with 403 before any handshake; true when it was refused. */
export function refuseUpgrade(req: IncomingMessage, socket: Duplex): boolean {
  const reason = loopbackRefusal(req, 'loopback')
  if (reason === undefined) return false
  socket.end(
    `HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(reason)}\r\n\r\n${reason}`,
  )
  return true
}
