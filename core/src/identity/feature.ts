import { atom, computed } from 'nanostores'
import type { ChainNamespace } from '../caip/index.js'
import { connectionEvent, connectionFeature } from '../connection/index.js'
import { defineFeature } from '../kernel/feature.js'
import { IDENTITY_CACHE_KEY } from './constants.js'
import type {
  IdentityFeature,
  IdentityHalf,
  IdentityInternal,
  IdentityProfiles,
  Profile,
} from './types.js'

/**
 * Names and avatars (eip155 only), for the connected account and for any address. The shell
 * holds the profiles (a name just registered shows even when the rest cannot load); reading them
 * (`lazy.ts`: the API, its cache) comes with the first EVM account or lookup.
 */
export const identityFeature = defineFeature({
  name: 'identity',
  needs: [connectionFeature],
  storageKeys: [IDENTITY_CACHE_KEY],
  lazy: () => import('./lazy.js'),
  create(context, _options, lazy): { public: IdentityFeature; internal: IdentityInternal } {
    const connection = context.use(connectionFeature)
    const $profiles = atom<IdentityProfiles>({})
    const half = lazy({ $profiles, connection, cacheKey: IDENTITY_CACHE_KEY })
    // What fails here (the code, the service) costs the user nothing but a name: it is logged.
    const quietly = (task: (identity: IdentityHalf) => unknown, failure: string) =>
      void half.use(task).catch((error: unknown) => context.logger.warn(failure, error))

    // A new EVM account (not a new chain: names do not depend on it) gets its name read.
    context.onDestroy(
      context.events.on(connectionEvent, ({ type, namespace }) => {
        if (namespace === 'eip155' && type !== 'disconnected' && type !== 'chainChanged') {
          quietly((identity) => identity.refresh(), 'could not load the account name')
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
      $profile: computed(
        [$byNamespace, connection.$connection],
        (profiles, { caipAddress }): Profile => ({
          name: undefined,
          avatar: undefined,
          ...profiles[caipAddress?.split(':')[0] as ChainNamespace],
        }),
      ),
      ...half.actions('fetchIdentity'),
    }
    return {
      public: feature,
      internal: {
        ...feature,
        $byNamespace,
        setName(namespace, address, name) {
          const previous = $profiles.get()[namespace]
          $profiles.set({
            ...$profiles.get(),
            [namespace]: {
              address,
              name,
              avatar: previous?.address === address ? previous.avatar : undefined,
            },
          })
        },
        // In order with the reads after it (the same queue when the code is still on its way).
        forget: (address) =>
          quietly((identity) => identity.forget(address), 'could not forget the account name'),
      },
    }
  },
})
