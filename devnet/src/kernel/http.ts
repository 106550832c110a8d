import type { Server as HttpServer, IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo, Server } from 'node:net'
import { HttpError, type Reply } from './reply.js'

/** Where a server listens, as clients reach it. */
export type Listening = {
  port: number
  /** `host:port`, the host in brackets when it is IPv6; 0.0.0.0 is reached as 127.0.0.1. */
  authority: string
}

/** An HTTP server listening, with its URL and a close that ends open connections too. */
export type HttpListening = Listening & { url: string; close(): Promise<void> }

/**
 * The one server tail of the devnet: listens on `host:port` (0: a free port) and resolves once
 * it does. A failure (a port in use) names the server and the port asked for, so a devnet that
 * cannot start says which part could not.
 */
export async function listen(
  server: Server,
  options: { name: string; host: string; port: number },
): Promise<Listening> {
  await new Promise<void>((resolve, reject) => {
    const fail = (error: Error) => {
      reject(
        Object.assign(new Error(`${options.name} (port ${options.port}): ${error.message}`), {
          cause: error,
          code: (error as NodeJS.ErrnoException).code,
        }),
      )
    }
    server.once('error', fail)
    server.listen(options.port, options.host, () => {
      server.off('error', fail)
      resolve()
    })
  })
  const port = (server.address() as AddressInfo).port
  const host = options.host === '0.0.0.0' ? '127.0.0.1' : options.host
  return { port, authority: `${host.includes(':') ? `[${host}]` : host}:${port}` }
}

/** Closes an HTTP server and every connection still open on it (keep-alive, held requests). */
export function closeHttp(server: HttpServer): Promise<void> {
  return new Promise<void>((resolve) => {
    server.close(() => resolve())
    server.closeAllConnections()
  })
}

/** `listen`, then the server's `http://` URL and its close. */
export async function serveHttp(
  server: HttpServer,
  options: { name: string; host: string; port: number },
): Promise<HttpListening> {
  const listening = await listen(server, options)
  return { ...listening, url: `http://${listening.authority}`, close: () => closeHttp(server) }
}

/** Writes a reply (no body for HEAD). */
export function send(res: ServerResponse, reply: Reply, head = false): void {
  res.writeHead(reply.status, {
    'Content-Type': reply.contentType,
    'Content-Length': Buffer.byteLength(reply.body),
    ...reply.headers,
  })
  res.end(head ? undefined : reply.body)
}

/** A request's body as text; more than `maxBytes` is a 413. */
export async function readBody(req: IncomingMessage, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > maxBytes) throw new HttpError(413, 'body too large')
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}
