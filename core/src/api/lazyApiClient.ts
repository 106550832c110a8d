import { createLazyHalf, lazyModule } from '../kernel/lazy.js'
import type { ApiClient, CreateApiClientParameters } from './types.js'
import { apiBase, apiUrl } from './url.js'

/**
 * The requests themselves (fetch, the timeout, the checks of the answers): fetched with the first
 * call, or before it with `preloadApiClient()`, so a page where nobody acts never downloads them.
 */
const requestsCode = lazyModule('API client', () => import('./requests.js'))

/** Fetches the requests' code ahead of a call the user is about to make (the modal opening). */
export function preloadApiClient(): void {
  requestsCode.load().catch(() => undefined)
}

/**
 * The client a Portico client hands its features: the same calls as `createApiClient`, whose code
 * loads on first use (a call waits for it; if it cannot be fetched, the call rejects with
 * MODULE_LOAD_FAILED and the next one fetches again). URLs are made at once.
 */
export function createLazyApiClient({
  baseUrl,
  projectId,
  fetch,
}: CreateApiClientParameters): ApiClient {
  const base = apiBase(baseUrl)
  const url: ApiClient['url'] = (path, query) => apiUrl(base, projectId, path, query)
  // Built once per client, when its first call finds the code here (or once it came).
  const requests = createLazyHalf(
    requestsCode,
    (code) => code.createRequests(url, fetch),
    () => false,
  )
  return {
    baseUrl: base,
    projectId,
    url,
    get: (path, query, validate, options) =>
      requests.use((api) => api.get(path, query, validate, options)),
    post: (path, body, validate, options) =>
      requests.use((api) => api.post(path, body, validate, options)),
    getImage: (path, options) => requests.use((api) => api.getImage(path, options)),
  }
}
