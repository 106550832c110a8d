import type { Validator } from '../storage/validators.js'
import type { QueryValue } from './url.js'

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
