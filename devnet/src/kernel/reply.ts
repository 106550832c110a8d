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
