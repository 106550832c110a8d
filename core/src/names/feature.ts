import { atom, type ReadableAtom } from 'nanostores'
import { connectionFeature } from '../connection/index.js'
import { isPorticoError, PorticoError } from '../errors/index.js'
import { identityFeature } from '../identity/index.js'
import { type AsyncState, createAsyncAction } from '../kernel/async.js'
import { defineFeature } from '../kernel/feature.js'
import { everyOf, evmAddress, isRecord, storedCache } from '../storage/index.js'
import {
  createNamesApi,
  ETH_COIN_TYPE,
  type NameProfile,
  type NameSuggestion,
  nameProfile,
} from './api.js'
import { NAME_CACHE_MS, NAME_SUFFIX } from './constants.js'
import { checkName } from './nameRules.js'

const ZONE = NAME_SUFFIX.slice(1)

/** Where a registration is: the wallet signs, then the name service stores it. */
export type RegisterNameStep = 'signing' | 'submitting'

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

type CachedName = { address: string | null } | { profiles: NameProfile[] }

/**
 * Cached answers are read back through the validators the answers passed (an address is 0x and 40
 * hex digits, a profile a valid name profile): a tampered cache must not send funds to a string
 * that is no address, nor show an unchecked name.
 */
const cachedName = (value: unknown): CachedName | undefined => {
  if (!isRecord(value)) return undefined
  if ('address' in value) {
    if (value.address === null) return { address: null }
    const address = evmAddress(value.address)
    return address ? { address } : undefined
  }
  // The cache keeps only profiles that passed: one that fails now was put there by someone else.
  const profiles = everyOf(nameProfile)(value.profiles)
  return profiles ? { profiles } : undefined
}

/** Account names (eip155 only): resolve, reverse, suggest, register. */
export const namesFeature = defineFeature({
  name: 'names',
  needs: [connectionFeature, identityFeature],
  storageKeys: ['name_cache'],
  create(context): { public: NamesFeature; internal: NamesFeature } {
    const connection = context.use(connectionFeature)
    const identity = context.use(identityFeature)
    const api = createNamesApi(context.api.blockchain)
    const cache = storedCache(context.storage, 'name_cache', cachedName)
    const { clock, logger } = context
    const $registerStep = atom<RegisterNameStep | undefined>(undefined)

    async function resolveName(name: string) {
      const normalised = name.trim().toLowerCase()
      const key = `resolve:${normalised}`
      const cached = cache.get(key, NAME_CACHE_MS, clock.now())
      if (cached && 'address' in cached) return cached.address ?? undefined
      try {
        const profile = await api.getProfile(normalised)
        const address = profile.addresses[String(ETH_COIN_TYPE)]?.address
        cache.set(key, { address: address ?? null }, clock.now())
        return address
      } catch (cause) {
        if (isPorticoError(cause, 'API_ERROR') && cause.details?.status === 404) {
          cache.set(key, { address: null }, clock.now())
          return undefined
        }
        throw new PorticoError('NAME_RESOLVE_FAILED', { cause })
      }
    }

    async function reverseLookup(address: string) {
      const key = `reverse:${address.toLowerCase()}`
      const cached = cache.get(key, NAME_CACHE_MS, clock.now())
      if (cached && 'profiles' in cached && cached.profiles) return cached.profiles
      try {
        const profiles = await api.reverse(address)
        cache.set(key, { profiles }, clock.now())
        return profiles
      } catch (cause) {
        throw new PorticoError('NAMES_FOR_ADDRESS_FAILED', { cause })
      }
    }

    const registration = createAsyncAction(async (input: string) => {
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
      const signing = connection.getActive('eip155')?.adapter.signing
      const active = connection.getActive('eip155')
      if (!address || !active || !signing) {
        throw new PorticoError('ADDRESS_OR_AUTH_CONNECTOR_NOT_FOUND')
      }
      $registerStep.set('signing')
      try {
        const message = JSON.stringify({
          name: check.name,
          address,
          timestamp: Math.floor(clock.now() / 1000),
        })
        const signature = await signing.signMessage(active.connector, address, message)
        $registerStep.set('submitting')
        await api.register({ coin_type: ETH_COIN_TYPE, address, message, signature })
        cache.set(`resolve:${check.name}`, { address }, clock.now())
        cache.delete(`reverse:${address.toLowerCase()}`)
        identity.forget(address)
        // The identity service may not know the name yet: show it now, read it fresh next time.
        identity.setName('eip155', address, check.name)
        return check.name
      } catch (cause) {
        const error = isPorticoError(cause)
          ? cause
          : new PorticoError('API_ERROR', 'The name could not be registered', { cause })
        logger.warn('name registration failed', error)
        throw error
      } finally {
        $registerStep.set(undefined)
      }
    })

    const feature: NamesFeature = {
      $registration: registration.$state,
      $registerStep,
      resolveName,
      reverseLookup,
      async suggestions(name) {
        const label = name
          .trim()
          .toLowerCase()
          .replace(/\.reown\.id$/, '')
        if (!label) return []
        try {
          return await api.suggestions(label, ZONE)
        } catch (cause) {
          throw new PorticoError('NAME_SUGGESTIONS_FAILED', { cause })
        }
      },
      registerName: registration.run,
      resetRegistration: registration.reset,
    }
    return { public: feature, internal: feature }
  },
})
