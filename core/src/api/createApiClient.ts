import { createRequests } from './requests.js'
import type { ApiClient, CreateApiClientParameters } from './types.js'
import type { QueryValue } from './url.js'
import { apiBase, apiUrl } from './url.js'

export { API_REQUEST_TIMEOUT_MS } from './constants.js'
export { serverMessageOf } from './requests.js'

export type { ApiClient, ApiRequestOptions, CreateApiClientParameters } from './types.js'
export type { QueryValue } from './url.js'

/**
 * A typed client for one hosted service. Every call carries projectId and the SDK type and
 * version, has a timeout and an AbortSignal, and validates the response before returning it.
 */
export function createApiClient({
  baseUrl,
  projectId,
  fetch: fetchImpl,
}: CreateApiClientParameters): ApiClient {
  const base = apiBase(baseUrl)
  const url = (path: string, query?: Record<string, QueryValue>) =>
    apiUrl(base, projectId, path, query)
  return { baseUrl: base, projectId, url, ...createRequests(url, fetchImpl) }
}
