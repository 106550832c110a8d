import type { IncomingHttpHeaders } from 'node:http'
import { BASE_PATH, type SiwxServer } from '@portico/server'
import type { Reply } from '../../kernel/reply.js'
import type { Route, RouteContext } from '../../kernel/router.js'

/**
 * The Fetch API request the package's handler takes, from what the API server read: the same
 * method, path and headers, and the JSON body it already parsed (written back as JSON).
 */
function toRequest(method: 'GET' | 'POST', path: string, context: RouteContext): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(context.headers as IncomingHttpHeaders)) {
    if (value === undefined || name === 'content-length') continue
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one)
  }
  const url = new URL(path, context.baseUrl)
  for (const [name, value] of context.query) url.searchParams.append(name, value)
  return new Request(url, {
    method,
    headers,
    signal: context.signal,
    ...(method === 'POST' && context.body !== undefined
      ? { body: JSON.stringify(context.body) }
      : {}),
  })
}

/** The devnet's reply from the handler's response: status, body and every header it set. */
async function toReply(response: Response): Promise<Reply> {
  const body = await response.text()
  const headers: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    if (name !== 'content-type') headers[name] = value
  })
  const reply: Reply = {
    status: response.status,
    contentType: response.headers.get('content-type') ?? 'application/json',
    body,
    headers,
  }
  if (reply.contentType.startsWith('application/json') && body) reply.json = JSON.parse(body)
  return reply
}

const ROUTES = [
  ['GET', 'nonce'],
  ['POST', 'authenticate'],
  ['GET', 'me'],
  ['POST', 'sign-out'],
  ['POST', 'revoke'],
] as const

/**
 * Sign-in with X (`/auth/v1/*`), answered by `@portico/server` (see its handler for the
 * contract): nonce, authenticate, me, sign-out and revoke. Sessions are bearer tokens, and a
 * cookie too: the devnet's API runs on another port than the apps, so the browser side sends
 * the bearer token, and an app on the API's own origin may rely on the cookie.
 */
export const authRoutes = (server: SiwxServer): Route[] =>
  ROUTES.map(([method, name]) => {
    const path = `${BASE_PATH}/${name}`
    return {
      method,
      path,
      handle: async (context) => toReply(await server.handle(toRequest(method, path, context))),
    }
  })
