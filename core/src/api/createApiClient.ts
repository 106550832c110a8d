import { PorticoError } from '../errors/index.js'
import { cleanDisplayText } from '../security/text.js'
import type { Validator } from '../storage/validators.js'
import { SDK_TYPE, SDK_VERSION } from '../version.js'

/** Timeout for calls to the hosted APIs. The spec gives none; 30 s matches its request timeout. */
export const API_REQUEST_TIMEOUT_MS = 30_000

export type QueryValue = string | number | boolean | undefined | null | readonly string[]

export type ApiRequestOptions = {
  signal?: AbortSignal
  /** Overrides the default 30 s timeout. */
  timeoutMs?: number
}

export type ApiClient = {
  readonly baseUrl: string
  readonly projectId: string
  get<T>(
    path: string,
    query: Record<string, QueryValue>,
    validate: Validator<T>,
    options?: ApiRequestOptions,
  ): Promise<T>
  post<T>(
    path: string,
    body: unknown,
    validate: Validator<T>,
    options?: ApiRequestOptions & { query?: Record<string, QueryValue> },
  ): Promise<T>
  /** An image from this service; refuses anything that is not `image/*`. */
  getImage(path: string, options?: ApiRequestOptions): Promise<Blob>
  /** A URL on this service with the project and SDK parameters, for `<img src>` and the like. */
  url(path: string, query?: Record<string, QueryValue>): string
}

export type CreateApiClientParameters = {
  baseUrl: string
  projectId: string
  /** Injected for tests and non-browser runtimes; `globalThis.fetch` by default. */
  fetch?: typeof fetch
}

/** Names the two HTTP failures the hosted services use on purpose (spec §8). */
function statusReason(status: number): string | undefined {
  if (status === 503) return 'SERVICE_UNAVAILABLE'
  if (status === 403) return 'FORBIDDEN'
  return undefined
}

/** A server's explanation kept on an error: enough to say what was refused, no more. */
const MAX_SERVER_MESSAGE_LENGTH = 300

/**
 * What a refusal's body says, cleaned like any text from outside: `{ error }`, or the hosted
 * Blockchain API's `{ reasons: [{ description }] }` (its swap refusals, like "insufficient
 * liquidity", are only told there).
 */
export function serverMessageOf(body: unknown): string | undefined {
  const said = body as { error?: unknown; reasons?: { description?: unknown }[] } | null
  return cleanDisplayText(said?.error ?? said?.reasons?.[0]?.description, MAX_SERVER_MESSAGE_LENGTH)
}

/**
 * A typed client for one hosted service. Every call carries projectId and the SDK type and
 * version, has a timeout and an AbortSignal, and validates the response before returning it.
 */
export function createApiClient({
  baseUrl,
  projectId,
  fetch: fetchImpl,
}: CreateApiClientParameters): ApiClient {
  const base = baseUrl.replace(/\/+$/, '')

  function url(path: string, query: Record<string, QueryValue> = {}): string {
    const target = new URL(`${base}/${path.replace(/^\/+/, '')}`)
    const params: Record<string, QueryValue> = {
      projectId,
      st: SDK_TYPE,
      sv: SDK_VERSION,
      ...query,
    }
    for (const [key, value] of Object.entries(params)) {
      if (value === undefined || value === null || value === '') continue
      target.searchParams.set(key, Array.isArray(value) ? value.join(',') : String(value))
    }
    return target.toString()
  }

  async function request<T>(
    method: 'GET' | 'POST',
    target: string,
    body: unknown,
    validate: Validator<T>,
    options: ApiRequestOptions = {},
    read: (response: Response) => Promise<unknown> = (response) => response.json(),
  ): Promise<T> {
    const doFetch = fetchImpl ?? globalThis.fetch
    const controller = new AbortController()
    const onAbort = () => controller.abort(options.signal?.reason)
    if (options.signal?.aborted) onAbort()
    options.signal?.addEventListener('abort', onAbort, { once: true })
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort()
    }, options.timeoutMs ?? API_REQUEST_TIMEOUT_MS)
    const label = `${method} ${new URL(target).pathname}`
    try {
      let response: Response
      try {
        response = await doFetch(target, {
          method,
          signal: controller.signal,
          headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        })
      } catch (cause) {
        if (timedOut) throw new PorticoError('API_TIMEOUT', `${label} timed out`, { cause })
        if (controller.signal.aborted)
          throw new PorticoError('ABORTED', `${label} was aborted`, { cause })
        throw new PorticoError('API_ERROR', `${label} failed`, { cause })
      }
      if (!response.ok) {
        const serverMessage = await response.json().then(serverMessageOf, () => undefined)
        throw new PorticoError('API_ERROR', `${label} answered ${response.status}`, {
          details: {
            status: response.status,
            reason: statusReason(response.status),
            ...(serverMessage ? { serverMessage } : {}),
          },
        })
      }
      let json: unknown
      try {
        json = await read(response)
      } catch (cause) {
        if (timedOut) throw new PorticoError('API_TIMEOUT', `${label} timed out`, { cause })
        throw new PorticoError('INVALID_RESPONSE', `${label} returned a body that is not JSON`, {
          cause,
        })
      }
      const parsed = validate(json)
      if (parsed === undefined) {
        throw new PorticoError('INVALID_RESPONSE', `${label} returned an unexpected shape`)
      }
      return parsed
    } finally {
      clearTimeout(timer)
      options.signal?.removeEventListener('abort', onAbort)
    }
  }

  return {
    baseUrl: base,
    projectId,
    url,
    get: (path, query, validate, options) =>
      request('GET', url(path, query), undefined, validate, options),
    getImage: (path, options) =>
      request(
        'GET',
        url(path),
        undefined,
        (value) => (value instanceof Blob && value.type.startsWith('image/') ? value : undefined),
        options,
        (response) => response.blob(),
      ),
    post: (path, body, validate, options) =>
      request('POST', url(path, options?.query), body, validate, options),
  }
}
