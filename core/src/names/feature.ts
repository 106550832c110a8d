import { atom } from 'nanostores'
import { connectionFeature } from '../connection/index.js'
import { identityFeature } from '../identity/index.js'
import { idleState } from '../kernel/async.js'
import { defineFeature } from '../kernel/feature.js'
import { NAME_CACHE_KEY, NAME_SUFFIX } from './constants.js'
import { checkName } from './nameRules.js'
import type { NamesAtoms, NamesFeature } from './types.js'

/**
 * Account names (eip155 only): resolve, reverse, suggest, register. The shell holds the
 * registration's stores; the rest (`lazy.ts`: the profile service, the cache, the registration)
 * comes the first time a name is looked up or registered, or the registration is shown.
 */
export const namesFeature = defineFeature({
  name: 'names',
  needs: [connectionFeature, identityFeature],
  storageKeys: [NAME_CACHE_KEY],
  lazy: () => import('./lazy.js'),
  create(context, _options, lazy): { public: NamesFeature; internal: NamesFeature } {
    const stores: NamesAtoms = { $registration: atom(idleState()), $registerStep: atom() }
    const half = lazy({
      stores,
      connection: context.use(connectionFeature),
      identity: context.use(identityFeature),
      checkName,
      zone: NAME_SUFFIX.slice(1),
      cacheKey: NAME_CACHE_KEY,
    })
    // The registration on screen fetches the code it needs (and says so when it cannot come).
    half.whileShown(stores.$registration, () => () => undefined)
    const feature: NamesFeature = {
      ...stores,
      ...half.actions('resolveName', 'reverseLookup', 'suggestions', 'registerName'),
      resetRegistration() {
        const names = half.current()
        if (names) names.resetRegistration()
        else stores.$registration.set(idleState())
      },
    }
    return { public: feature, internal: feature }
  },
})
