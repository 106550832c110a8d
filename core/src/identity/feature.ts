import { atom, computed, type ReadableAtom } from 'nanostores'
import { createBlockchainApi, type Identity, identity as identityAnswer } from '../api/index.js'
import type { ChainNamespace } from '../caip/index.js'
import { connectionEvent, connectionFeature } from '../connection/index.js'
import { defineFeature } from '../kernel/feature.js'
import { storedCache } from '../storage/index.js'
import { IDENTITY_CACHE_MS } from './constants.js'

/** The name and avatar of an address. */
export type Profile = { name: string | undefined; avatar: string | undefined }

/** Names and avatars of addresses (`client.identity`). */
export type IdentityFeature = {
  /** The active account's name and avatar (undefined until known, or when it has none). */
  $profile: ReadableAtom<Profile>
  /** Name and avatar of any address, cached 5 minutes. */
  fetchIdentity(address: string): Promise<Identity>
}

export type IdentityInternal = IdentityFeature & {
  /** Profile per namespace, for the account view; another address's left out. */
  $byNamespace: ReadableAtom<Partial<Record<ChainNamespace, Profile>>>
  /** A name just registered: shown now, read fresh next time. */
  setName(namespace: ChainNamespace, address: string, name: string): void
  forget(address: string): void
}

/** Names and avatars (eip155 only), for the connected account and for any address. */
export const identityFeature = defineFeature({
  name: 'identity',
  needs: [connectionFeature],
  storageKeys: ['identity_cache'],
  create(context): { public: IdentityFeature; internal: IdentityInternal } {
    const connection = context.use(connectionFeature)
    const api = createBlockchainApi(context.api.blockchain)
    // Read back through the validator the API answer passed: a tampered cache injects nothing.
    const cache = storedCache(context.storage, 'identity_cache', identityAnswer)
    const { clock, logger } = context
    const $profiles = atom<Partial<Record<ChainNamespace, Profile & { address: string }>>>({})
    const inflight = new Map<string, Promise<Identity>>()

    function fetchIdentity(address: string): Promise<Identity> {
      const key = address.toLowerCase()
      const cached = cache.get(key, IDENTITY_CACHE_MS, clock.now())
      if (cached) return Promise.resolve(cached)
      let request = inflight.get(key)
      if (!request) {
        request = api
          .getIdentity({ address, sender: address })
          .then((identity) => {
            cache.set(key, identity, clock.now())
            return identity
          })
          .finally(() => inflight.delete(key))
        inflight.set(key, request)
      }
      return request
    }

    function setProfile(namespace: ChainNamespace, address: string, profile: Profile) {
      $profiles.set({ ...$profiles.get(), [namespace]: { address, ...profile } })
    }

    async function refresh(namespace: ChainNamespace) {
      // Names exist on eip155 only.
      if (namespace !== 'eip155') return
      const { address } = connection.get(namespace)
      if (!address) return
      try {
        const identity = await fetchIdentity(address)
        if (connection.get(namespace).address !== address) return
        setProfile(namespace, address, {
          name: identity.name ?? undefined,
          avatar: identity.avatar ?? undefined,
        })
      } catch (error) {
        logger.warn('could not load the account name', error)
      }
    }

    // A new account (not a new chain: names do not depend on it) gets its name read.
    context.onDestroy(
      context.events.on(connectionEvent, (event) => {
        if (event.type !== 'disconnected' && event.type !== 'chainChanged') {
          void refresh(event.namespace)
        }
      }),
    )

    const $byNamespace = computed([$profiles, connection.$connections], (profiles, connections) => {
      const out: Partial<Record<ChainNamespace, Profile>> = {}
      for (const [namespace, profile] of Object.entries(profiles)) {
        const ns = namespace as ChainNamespace
        if (profile && connections[ns]?.address === profile.address) {
          out[ns] = { name: profile.name, avatar: profile.avatar }
        }
      }
      return out
    })
    const feature: IdentityFeature = {
      $profile: computed([$byNamespace, connection.$connection], (profiles, active) => {
        const namespace = active.caipAddress?.split(':')[0] as ChainNamespace | undefined
        const profile = namespace ? profiles[namespace] : undefined
        return { name: profile?.name, avatar: profile?.avatar }
      }),
      fetchIdentity,
    }
    return {
      public: feature,
      internal: {
        ...feature,
        $byNamespace,
        setName(namespace, address, name) {
          const previous = $profiles.get()[namespace]
          setProfile(namespace, address, {
            name,
            avatar: previous?.address === address ? previous.avatar : undefined,
          })
        },
        forget: (address) => cache.delete(address.toLowerCase()),
      },
    }
  },
})
