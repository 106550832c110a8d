import type { IncomingHttpHeaders } from 'node:http'
import type { Reply } from './reply.js'

type Method = 'GET' | 'POST' | 'DELETE'

export type RouteContext = {
  params: Record<string, string>
  query: URLSearchParams
  /** The parsed JSON body of a POST (undefined when empty). */
  body: unknown
  /** This server's origin as the client reached it, for URLs in answers (icons). */
  baseUrl: string
  /** Aborted when the client goes away. */
  signal: AbortSignal
  /** The request's headers (lower-case names), e.g. `origin`, `referer` and `authorization`. */
  headers: IncomingHttpHeaders
}

export type Route = {
  method: Method
  /** `/v1/account/:address/balance`: `:name` segments become `params`. */
  path: string
  /**
   * Route kind. `api` routes need projectId, st and sv and are subject to faults; `control`
   * routes (the test-only `/__devnet/*`) need neither; `page` routes (pages a browser opens,
   * such as the on-ramp checkout, and the calls those pages make) need neither either.
   */
  kind?: 'api' | 'control' | 'page'
  handle(context: RouteContext): Reply | Promise<Reply>
}

export type Match =
  | { kind: 'found'; route: Route; params: Record<string, string> }
  | { kind: 'wrong-method'; allowed: Method[] }
  | { kind: 'none' }

type Compiled = { route: Route; segments: string[] }

/** A tiny path router: exact segments and `:param` segments, first registered wins. */
export function createRouter(routes: readonly Route[]) {
  const compiled: Compiled[] = routes.map((route) => ({ route, segments: split(route.path) }))

  function match(method: string, pathname: string): Match {
    const segments = split(pathname)
    const allowed: Method[] = []
    for (const { route, segments: pattern } of compiled) {
      const params = matchSegments(pattern, segments)
      if (!params) continue
      if (route.method === method) return { kind: 'found', route, params }
      allowed.push(route.method)
    }
    return allowed.length > 0 ? { kind: 'wrong-method', allowed } : { kind: 'none' }
  }

  return { match }
}

function split(path: string): string[] {
  return path.split('/').filter((segment) => segment.length > 0)
}

function matchSegments(pattern: string[], actual: string[]): Record<string, string> | null {
  if (pattern.length !== actual.length) return null
  const params: Record<string, string> = {}
  for (let i = 0; i < pattern.length; i++) {
    const expected = pattern[i] as string
    const value = actual[i] as string
    if (expected.startsWith(':')) {
      try {
        params[expected.slice(1)] = decodeURIComponent(value)
      } catch {
        return null
      }
    } else if (expected !== value) {
      return null
    }
  }
  return params
}
