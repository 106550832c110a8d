import type { IncomingMessage, ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import { MAX_BODY_BYTES } from './constants.js'

/** A Fetch API handler: what `createSiwxServer(…).handle` is. */
export type FetchHandler = (request: Request) => Promise<Response>

/** Node's request as the Express request may extend it (`originalUrl` under a mount, a parsed `body`). */
type NodeRequest = IncomingMessage & { originalUrl?: string; body?: unknown }

async function bodyOf(req: NodeRequest): Promise<string | undefined> {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return undefined
  // A body-parsing middleware (express.json()) already read the stream: write its value back.
  if (req.body !== undefined) {
    return typeof req.body === 'string' ? req.body : JSON.stringify(req.body)
  }
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    // Past the limit the rest is not read: the handler answers 413 from the declared length.
    if (size > MAX_BODY_BYTES + 1) break
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}

function urlOf(req: NodeRequest, protocol: 'http' | 'https' = 'http'): string {
  return `${protocol}://${req.headers.host ?? 'localhost'}${req.originalUrl ?? req.url ?? '/'}`
}

function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one)
  }
  return headers
}

/**
 * A Node (or Express) request as the Fetch API request `verifyRequest` reads: its URL and
 * headers, no body (`verifyRequest` needs only the token, from a header or the cookie).
 */
export function toFetchRequest(
  req: IncomingMessage,
  options: { protocol?: 'http' | 'https' } = {},
): Request {
  return new Request(urlOf(req, options.protocol), { headers: headersOf(req) })
}

/**
 * The handler as a Node `(req, res)` listener, for `node:http` and Express
 * (`app.all('/auth/v1/*path', toNodeListener(siwx.handle))`). The request's URL is rebuilt
 * from its `Host` header over `http` unless `https` is said (behind a TLS-terminating proxy,
 * pass `{ protocol: 'https' }` so cookies are Secure).
 */
export function toNodeListener(
  handle: FetchHandler,
  options: { protocol?: 'http' | 'https' } = {},
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req: NodeRequest, res) => {
    void (async () => {
      const url = urlOf(req, options.protocol)
      const headers = headersOf(req)
      const body = await bodyOf(req)
      if (body !== undefined) headers.delete('content-length')
      const response = await handle(
        new Request(url, {
          method: req.method ?? 'GET',
          headers,
          ...(body !== undefined ? { body } : {}),
        }),
      )
      res.statusCode = response.status
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie') res.setHeader(name, value)
      })
      const cookies = response.headers.getSetCookie()
      if (cookies.length > 0) res.setHeader('Set-Cookie', cookies)
      if (response.body) Readable.fromWeb(response.body as never).pipe(res)
      else res.end()
    })().catch((error: unknown) => {
      if (!res.headersSent) {
        res.statusCode = 500
        res.setHeader('Content-Type', 'application/json')
      }
      res.end(JSON.stringify({ error: error instanceof Error ? error.message : 'internal error' }))
    })
  }
}
