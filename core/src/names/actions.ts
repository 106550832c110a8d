import type { FeatureContext } from '../kernel/feature.js'
import {
  everyOf,
  evmAddress,
  isPorticoError,
  isRecord,
  PorticoError,
  storedCache,
} from '../kernel/lazyShared.js'
import { createNamesApi, ETH_COIN_TYPE, type NameProfile, nameProfile } from './api.js'
import type { NamesDeps } from './types.js'

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

/**
 * The names feature's requests (loaded on first use): the profile service, the 5-minute name
 * cache, and the registration after the name passed the rule and the wallet is known.
 */
export function createNamesActions(
  context: FeatureContext,
  { identity, $registerStep, cacheMs, zone }: NamesDeps,
) {
  const api = createNamesApi(context.api.blockchain)
  const cache = storedCache(context.storage, 'name_cache', cachedName)
  const { clock, logger } = context

  async function resolveName(name: string) {
    const normalised = name.trim().toLowerCase()
    const key = `resolve:${normalised}`
    const cached = cache.get(key, cacheMs, clock.now())
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
    const cached = cache.get(key, cacheMs, clock.now())
    if (cached && 'profiles' in cached && cached.profiles) return cached.profiles
    try {
      const profiles = await api.reverse(address)
      cache.set(key, { profiles }, clock.now())
      return profiles
    } catch (cause) {
      throw new PorticoError('NAMES_FOR_ADDRESS_FAILED', { cause })
    }
  }

  async function suggestions(label: string) {
    try {
      return await api.suggestions(label, zone)
    } catch (cause) {
      throw new PorticoError('NAME_SUGGESTIONS_FAILED', { cause })
    }
  }

  /** Signs and stores a name that passed the rule, for an account whose wallet can sign. */
  async function register(
    name: string,
    { address, sign }: { address: string; sign(message: string): Promise<string> },
  ) {
    $registerStep.set('signing')
    try {
      const message = JSON.stringify({ name, address, timestamp: Math.floor(clock.now() / 1000) })
      const signature = await sign(message)
      $registerStep.set('submitting')
      await api.register({ coin_type: ETH_COIN_TYPE, address, message, signature })
      cache.set(`resolve:${name}`, { address }, clock.now())
      cache.delete(`reverse:${address.toLowerCase()}`)
      identity.forget(address)
      // The identity service may not know the name yet: show it now, read it fresh next time.
      identity.setName('eip155', address, name)
      return name
    } catch (cause) {
      const error = isPorticoError(cause)
        ? cause
        : new PorticoError('API_ERROR', 'The name could not be registered', { cause })
      logger.warn('name registration failed', error)
      throw error
    } finally {
      $registerStep.set(undefined)
    }
  }

  return { resolveName, reverseLookup, suggestions, register }
}
