import { createServer, request as httpRequest } from 'node:http'
import { closeHttp, serveHttp } from '../../kernel/http.js'
import { refuseHttp } from '../../kernel/loopback.js'

/**
 * The door of an anvil chain. anvil answers any `Host` and any `Origin` (CORS `*`) and signs with
 * its unlocked accounts, so a site the developer visits (or a DNS name rebound to 127.0.0.1)
 * could move its funds. anvil listens on a private loopback port; this server, on the chain's
 * public port, passes on only requests from this machine's pages (or with no Origin: Node, curl)
 * under this machine's names, and streams the answer back as anvil gave it.
 */
export async function startRpcGuard(options: {
  host: string
  port: number
  /** Where anvil itself listens: `http://127.0.0.1:<private port>`. */
  target: string
  chainId: number
}) {
  const target = new URL(options.target)
  const server = createServer((req, res) => {
    if (refuseHttp(req, res, 'loopback')) return
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: target.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    upstream.on('error', (error) => {
      if (!res.headersSent) {
        res.writeHead(502, { 'Content-Type': 'text/plain' }).end(`anvil: ${error.message}`)
      } else res.destroy()
    })
    req.pipe(upstream)
  })
  const listening = await serveHttp(server, {
    name: `chain ${options.chainId} rpc`,
    host: options.host,
    port: options.port,
  })
  return { url: listening.url, port: listening.port, close: () => closeHttp(server) }
}
