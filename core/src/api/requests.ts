import { cleanDisplayText, PorticoError } from '../kit.js'
import type { Validator } from '../storage/validators.js'
import { API_REQUEST_TIMEOUT_MS } from './constants.js'
import type { ApiClient, ApiRequestOptions } from './types.js'

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
 * The calls of a client for one hosted service, given how it makes its URLs: each has a timeout
 * and an AbortSignal, and validates the response before returning it. The part of a client that
 * loads with its first request (see lazyApiClient.ts); it does not import the URL builder, so the
 * page's first load keeps that alone.
 */
export function createRequests(
  url: ApiClient['url'],
  fetchImpl: typeof fetch | undefined,
): Pick<ApiClient, 'get' | 'post' | 'getImage'> {
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
