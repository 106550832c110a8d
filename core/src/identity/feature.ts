import { atom, computed, type ReadableAtom } from 'nanostores'
import type { Identity } from '../api/index.js'
import type { ChainNamespace } from '../caip/index.js'
import { connectionEvent, connectionFeature } from '../connection/index.js'
import { defineFeature } from '../kernel/feature.js'
import { lazyModule } from '../kernel/lazy.js'
import { IDENTITY_CACHE_KEY } from './constants.js'

/** Reading names and avatars (the API, its cache): fetched with the first account or lookup. */
const requestsCode = lazyModule('identity', () => import('./requests.js'))

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
  storageKeys: [IDENTITY_CACHE_KEY],
  create(context): { public: IdentityFeature; internal: IdentityInternal } {
    const connection = context.use(connectionFeature)
    const { logger } = context
    const $profiles = atom<Partial<Record<ChainNamespace, Profile & { address: string }>>>({})
    const requests = requestsCode.instance((code) => code.createIdentityRequests(context))
    const fetchIdentity = (address: string) => requests.use((part) => part.fetchIdentity(address))

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
        // In order with the reads after it (the same queue when the code is still on its way).
        forget: (address) => {
          requests
            .use((part) => part.forget(address))
            .catch((error: unknown) => logger.warn('could not forget the account name', error))
        },
      },
    }
  },
})
