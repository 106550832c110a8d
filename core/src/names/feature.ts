import { atom, type ReadableAtom } from 'nanostores'
import { connectionFeature } from '../connection/index.js'
import { PorticoError } from '../errors/index.js'
import { identityFeature } from '../identity/index.js'
import { type AsyncState, createAsyncAction } from '../kernel/async.js'
import { defineFeature } from '../kernel/feature.js'
import { lazyModule } from '../kernel/lazy.js'
import type { NameProfile, NameSuggestion } from './api.js'
import { NAME_CACHE_MS, NAME_SUFFIX } from './constants.js'
import { checkName } from './nameRules.js'
import type { RegisterNameStep } from './types.js'

/** The requests and the cache, fetched the first time a name is looked up or registered. */
const actions = lazyModule('names', () => import('./actions.js'))

/** Account names: resolve, reverse, suggest and register (`client.names`). */
export type NamesFeature = {
  /** The last registration: `data` is the full name once it is registered. */
  $registration: ReadableAtom<AsyncState<string>>
  /** The step of a pending registration. */
  $registerStep: ReadableAtom<RegisterNameStep | undefined>
  /** The address a name points at (cached 5 minutes); undefined when nobody holds it. */
  resolveName(name: string): Promise<string | undefined>
  /** Names registered to an address (cached 5 minutes). */
  reverseLookup(address: string): Promise<readonly NameProfile[]>
  suggestions(name: string): Promise<readonly NameSuggestion[]>
  /**
   * Registers `name` for the connected account: the wallet signs a message binding the name, the
   * address and the time, then the profile service stores it. Returns the full name. A second
   * call while one is pending joins it: one signature request.
   */
  registerName(name: string): Promise<string>
  resetRegistration(): void
}

/** Account names (eip155 only): resolve, reverse, suggest, register. */
export const namesFeature = defineFeature({
  name: 'names',
  needs: [connectionFeature, identityFeature],
  storageKeys: ['name_cache'],
  create(context): { public: NamesFeature; internal: NamesFeature } {
    const connection = context.use(connectionFeature)
    const identity = context.use(identityFeature)
    const $registerStep = atom<RegisterNameStep | undefined>(undefined)
    const requests = actions.instance((code) =>
      code.createNamesActions(context, {
        identity,
        $registerStep,
        cacheMs: NAME_CACHE_MS,
        zone: NAME_SUFFIX.slice(1),
      }),
    )

    const registration = createAsyncAction(async (input: string) => {
      // The rule and the wallet are checked before any code is fetched: a bad name or no wallet
      // fails the same way whether the requests' code is here or not.
      const check = checkName(input)
      if (!check.valid) {
        throw new PorticoError(
          'INVALID_INPUT',
          'Invalid name: it needs at least 4 characters, using only letters, digits and hyphens',
          {
            details: { message: check.message },
          },
        )
      }
      const { address } = connection.get('eip155')
      const active = connection.getActive('eip155')
      const signing = active?.adapter.signing
      if (!address || !active || !signing) {
        throw new PorticoError('ADDRESS_OR_AUTH_CONNECTOR_NOT_FOUND')
      }
      const { register } = await requests.get()
      return register(check.name, {
        address,
        sign: (message) => signing.signMessage(active.connector, address, message),
      })
    })

    const feature: NamesFeature = {
      $registration: registration.$state,
      $registerStep,
      resolveName: (name) => requests.use((part) => part.resolveName(name)),
      reverseLookup: (address) => requests.use((part) => part.reverseLookup(address)),
      async suggestions(name) {
        const label = name
          .trim()
          .toLowerCase()
          .replace(/\.reown\.id$/, '')
        if (!label) return []
        return requests.use((part) => part.suggestions(label))
      },
      registerName: registration.run,
      resetRegistration: registration.reset,
    }
    return { public: feature, internal: feature }
  },
})
