/** What a route answers. `json` keeps the value behind a JSON body, for the 'malformed' fault. */
export type Reply = {
  status: number
  contentType: string
  body: string
  json?: unknown
  headers?: Record<string, string>
}

export function json(value: unknown, status = 200): Reply {
  return { status, contentType: 'application/json', body: JSON.stringify(value), json: value }
}

export function errorReply(status: number, message: string): Reply {
  return json({ error: message }, status)
}

export function svgReply(svg: string): Reply {
  return {
    status: 200,
    contentType: 'image/svg+xml',
    body: svg,
    headers: { 'Cache-Control': 'public, max-age=3600' },
  }
}

/**
 * One of the devnet's pages: HTML under its content security policy (see `page.ts`), never
 * cached, never sniffed, sending no referrer (its own calls need none; apps learn nothing).
 */
export function htmlReply(body: string, csp: string, status = 200): Reply {
  return {
    status,
    contentType: 'text/html; charset=utf-8',
    body,
    headers: {
      'Cache-Control': 'no-store',
      'Content-Security-Policy': csp,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
    },
  }
}

/** A page's script (its browser bundle): checked again on every load, never sniffed. */
export function scriptReply(code: string): Reply {
  return {
    status: 200,
    contentType: 'text/javascript; charset=utf-8',
    body: code,
    headers: { 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' },
  }
}

/** Thrown by a route to answer with an error status; anything else thrown becomes a 500. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Extra response headers, e.g. `WWW-Authenticate` on a 401. */
    readonly headers?: Record<string, string>,
  ) {
    super(message)
  }
}

/** A JSON body that must be an object (the control routes' bodies), or a 400. */
export function objectBody(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null) throw new HttpError(400, 'expected an object')
  return body as Record<string, unknown>
}
