// The API's calls are not in the client's first load (its shells use none): imported here
// directly, they load with the lazy halves that need them.
import { createBlockchainApi, type Identity, identity } from '../api/blockchain.js'
import type { LazyContext } from '../kernel/feature.js'
import { storedCache } from '../kit.js'
import { IDENTITY_CACHE_MS } from './tuning.js'
import type { IdentityHalf, IdentityShell } from './types.js'

/**
 * Names and avatars from the Blockchain API, cached 5 minutes (loaded with the first EVM account
 * that connects or the first lookup). A lookup for an address already asked joins that request.
 */
export function createLazy(context: LazyContext, shell: IdentityShell): IdentityHalf {
  const { clock } = context
  const { $profiles, connection } = shell
  const api = createBlockchainApi(context.api.blockchain)
  // Read back through the validator the API answer passed: a tampered cache injects nothing.
  const cache = storedCache(context.storage, shell.cacheKey, identity)
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

  return {
    fetchIdentity,
    forget: (address) => cache.delete(address.toLowerCase()),
    async refresh() {
      const { address } = connection.get('eip155')
      if (!address) return
      const { name, avatar } = await fetchIdentity(address)
      // Another account came meanwhile: this name is not its.
      if (connection.get('eip155').address !== address) return
      $profiles.set({
        ...$profiles.get(),
        eip155: { address, name: name ?? undefined, avatar: avatar ?? undefined },
      })
    },
  }
}
