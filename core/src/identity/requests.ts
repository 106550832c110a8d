// The API's calls are not in the client's initial code (its shells use none): imported here
// directly, they load with the lazy halves that need them instead of through `lazyShared`.
import { createBlockchainApi, type Identity, identity } from '../api/blockchain.js'
import type { FeatureContext } from '../kernel/feature.js'
import { storedCache } from '../kernel/lazyShared.js'
import { IDENTITY_CACHE_KEY, IDENTITY_CACHE_MS } from './constants.js'

/**
 * Names and avatars from the Blockchain API, cached 5 minutes (loaded with the first account
 * that connects or the first lookup). A lookup for an address already asked joins that request.
 */
export function createIdentityRequests(context: FeatureContext) {
  const { clock } = context
  const api = createBlockchainApi(context.api.blockchain)
  // Read back through the validator the API answer passed: a tampered cache injects nothing.
  const cache = storedCache(context.storage, IDENTITY_CACHE_KEY, identity)
  const inflight = new Map<string, Promise<Identity>>()

  function fetchIdentity(address: string): Promise<Identity> {
    const key = address.toLowerCase()
    const cached = cache.get(key, IDENTITY_CACHE_MS, clock.now())
    if (cached) return Promise.resolve(cached)
    let request = inflight.get(key)
    if (!request) {
      request = api
        .getIdentity({ address, sender: address })
        .then((answer) => {
          cache.set(key, answer, clock.now())
          return answer
        })
        .finally(() => inflight.delete(key))
      inflight.set(key, request)
    }
    return request
  }

  return { fetchIdentity, forget: (address: string) => cache.delete(address.toLowerCase()) }
}
