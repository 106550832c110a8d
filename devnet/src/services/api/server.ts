import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { readBody, send, serveHttp } from '../../kernel/http.js'
import { errorReply, HttpError, json, type Reply } from '../../kernel/reply.js'
import { createRouter, type Route } from '../../kernel/router.js'
import { CONTROL_HEADER, CONTROL_HEADER_VALUE, isAddressHost, originAccess } from './cors.js'
import { type FaultStore, MALFORMED_JSON_BODY, scrambleTypes } from './faults.js'

export type ApiServerOptions = {
  host: string
  port: number
  /**
   * The routes to answer, first match first. A function is asked on every request: the routes
   * of a devnet's services join as they start (a new list each time one does).
   */
  routes: readonly Route[] | (() => readonly Route[])
  faults: FaultStore
  log?: (line: string) => void
}

export type ApiServer = {
  url: string
  port: number
  close(): Promise<void>
}

/** The query parameters every API call carries (spec section 7), checked in this order. */
const REQUIRED_PARAMS = ['projectId', 'st', 'sv'] as const
const MAX_BODY_BYTES = 1_000_000

/**
 * One node:http server for the Blockchain API, the toolkit backend and the devnet's control
 * routes. Browsers call it cross-origin from the example pages, which run on loopback origins:
 * those get CORS headers (their own origin, echoed) and their preflights answered; any other
 * origin is refused with a 403, so a site the developer visits cannot use the devnet. Control
 * routes also need the `X-Portico-Devnet: 1` header and an IP address or localhost as host.
 */
export async function startApiServer(options: ApiServerOptions): Promise<ApiServer> {
  const routes = options.routes
  let routed: { list: readonly Route[]; router: ReturnType<typeof createRouter> } | undefined
  const router = () => {
    const list = typeof routes === 'function' ? routes() : routes
    if (routed?.list !== list) routed = { list, router: createRouter(list) }
    return routed.router
  }
  // Requests held open by the 'timeout' fault, released on close().
  const held = new Set<ServerResponse>()

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, errorReply(500, String(error)))
      else res.destroy()
    })
  })

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const origin = req.headers.origin
    const access = originAccess(origin, req.headers.host)
    if (access === 'refused') return send(res, errorReply(403, `origin ${origin} is not allowed`))
    if (access === 'allowed') setCors(req, res, origin as string)
    const method = req.method ?? 'GET'
    if (method === 'OPTIONS') {
      res.writeHead(204).end()
      return
    }
    const url = new URL(req.url ?? '/', 'http://devnet.invalid')
    const match = router().match(method, url.pathname)
    const kind = match.kind === 'found' ? (match.route.kind ?? 'api') : 'api'
    // By path as well as by kind: a control route declared without its kind is still guarded.
    if (kind === 'control' || url.pathname.startsWith('/__devnet/')) {
      const refusal = controlRefusal(req)
      if (refusal) return send(res, errorReply(403, refusal))
    }

    const fault = kind === 'api' ? options.faults.take(url.pathname) : undefined
    if (fault) {
      options.log?.(`${method} ${url.pathname} → fault ${fault.mode}`)
      if (fault.mode === '503') return send(res, errorReply(503, 'service unavailable (fault)'))
      if (fault.mode === '403') return send(res, errorReply(403, 'forbidden (fault)'))
      if (fault.mode === 'timeout') {
        held.add(res)
        res.once('close', () => held.delete(res))
        return
      }
      if (fault.malformed === 'syntax') {
        return send(res, {
          status: 200,
          contentType: 'application/json',
          body: MALFORMED_JSON_BODY,
        })
      }
    }

    const reply = await answer(req, res, url, match)
    if (fault?.mode === 'malformed' && reply.status < 300) {
      return send(
        res,
        reply.json === undefined
          ? { ...reply, body: 'not what this route declares' }
          : json(scrambleTypes(reply.json)),
      )
    }
    send(res, reply)
  }

  async function answer(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    match: ReturnType<ReturnType<typeof router>['match']>,
  ): Promise<Reply> {
    if (match.kind === 'none') return errorReply(404, `no route ${url.pathname}`)
    if (match.kind === 'wrong-method') {
      return {
        ...errorReply(405, `${req.method} not allowed on ${url.pathname}`),
        headers: { Allow: match.allowed.join(', ') },
      }
    }
    let body: unknown
    try {
      body = req.method === 'POST' ? await readJsonBody(req) : undefined
    } catch (error) {
      if (error instanceof HttpError) return errorReply(error.status, error.message)
      return errorReply(400, 'could not read the body')
    }
    if ((match.route.kind ?? 'api') === 'api') {
      for (const param of REQUIRED_PARAMS) {
        if (!hasParam(url.searchParams, body, param)) return errorReply(400, `missing ${param}`)
      }
    }
    // The response closing before it was sent means the client went away.
    const controller = new AbortController()
    res.once('close', () => {
      if (!res.writableFinished) controller.abort()
    })
    try {
      return await match.route.handle({
        params: match.params,
        query: url.searchParams,
        body,
        baseUrl: `http://${req.headers.host ?? `127.0.0.1:${port}`}`,
        signal: controller.signal,
        headers: req.headers,
      })
    } catch (error) {
      if (error instanceof HttpError) {
        const reply = errorReply(error.status, error.message)
        return error.headers ? { ...reply, headers: error.headers } : reply
      }
      options.log?.(`${req.method} ${url.pathname} failed: ${String(error)}`)
      return errorReply(500, error instanceof Error ? error.message : String(error))
    }
  }

  const listening = await serveHttp(server, { name: 'api server', ...options })
  const port = listening.port

  return {
    url: listening.url,
    port,
    close() {
      for (const res of held) res.destroy()
      held.clear()
      return listening.close()
    },
  }
}

/** Why a control route refuses this request, or undefined when it may go on. */
function controlRefusal(req: IncomingMessage): string | undefined {
  if (req.headers[CONTROL_HEADER.toLowerCase()] !== CONTROL_HEADER_VALUE) {
    return `control routes need the header ${CONTROL_HEADER}: ${CONTROL_HEADER_VALUE}`
  }
  if (!isAddressHost(req.headers.host)) {
    return 'control routes answer on an IP address or localhost only'
  }
  return undefined
}

/** CORS headers for an allowed origin (a loopback page): that origin, never `*`. */
function setCors(req: IncomingMessage, res: ServerResponse, origin: string) {
  res.setHeader('Access-Control-Allow-Origin', origin)
  // The SDK's sign-in calls include credentials (a session cookie the server may set): a browser
  // hands their answers to the page only with this, and only for an exact origin, as here.
  res.setHeader('Access-Control-Allow-Credentials', 'true')
  res.setHeader('Vary', 'Origin')
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, DELETE, OPTIONS')
  // Echo what the preflight asks for (the SDK may add headers later; control calls add
  // X-Portico-Devnet), Content-Type at least: the origin is one of ours.
  const requested = req.headers['access-control-request-headers']
  res.setHeader(
    'Access-Control-Allow-Headers',
    requested ? requested : `Content-Type, ${CONTROL_HEADER}`,
  )
  res.setHeader('Access-Control-Max-Age', '600')
}

// POST bodies may carry projectId instead of the query (the fungible price call does, spec §7).
function hasParam(query: URLSearchParams, body: unknown, name: string): boolean {
  if (query.get(name)) return true
  if (typeof body !== 'object' || body === null) return false
  const value = (body as Record<string, unknown>)[name]
  return typeof value === 'string' && value.length > 0
}

/**
 * Parses the body as JSON whatever its Content-Type: beacons and `no-cors` posts arrive as
 * text/plain.
 */
async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const text = (await readBody(req, MAX_BODY_BYTES)).trim()
  if (text.length === 0) return undefined
  try {
    return JSON.parse(text)
  } catch {
    throw new HttpError(400, 'invalid JSON body')
  }
}
