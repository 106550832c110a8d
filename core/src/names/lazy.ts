import type { LazyContext } from '../kernel/feature.js'
import {
  createAsyncAction,
  everyOf,
  evmAddress,
  isPorticoError,
  isRecord,
  PorticoError,
  storedCache,
} from '../kit.js'
import { createNamesApi, ETH_COIN_TYPE, type NameProfile, nameProfile } from './api.js'
import { NAME_CACHE_MS } from './tuning.js'
import type { NamesHalf, NamesShell } from './types.js'

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
 * The names feature's heavy half (loaded the first time a name is looked up or registered, or
 * the registration is shown): the profile service, the 5-minute name cache, and the
 * registration, which checks the name and the wallet before the wallet is asked.
 */
export function createLazy(context: LazyContext, shell: NamesShell): NamesHalf {
  const { stores, connection, identity, checkName, zone } = shell
  const { $registerStep } = stores
  const api = createNamesApi(context.api.blockchain)
  const cache = storedCache(context.storage, shell.cacheKey, cachedName)
  const { clock, logger } = context

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

  async function suggestions(name: string) {
    const label = name
      .trim()
      .toLowerCase()
      .replace(/\.reown\.id$/, '')
    if (!label) return []
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

  const registration = createAsyncAction(async (input: string) => {
    // The rule and the wallet are checked before the wallet is asked anything.
    const check = checkName(input)
    if (!check.valid) {
      throw new PorticoError(
        'INVALID_INPUT',
        'Invalid name: it needs at least 4 characters, using only letters, digits and hyphens',
        { details: { message: check.message } },
      )
    }
    const { address } = connection.get('eip155')
    const active = connection.getActive('eip155')
    const signing = active?.adapter.signing
    if (!address || !active || !signing) {
      throw new PorticoError('ADDRESS_OR_AUTH_CONNECTOR_NOT_FOUND')
    }
    return register(check.name, {
      address,
      sign: (message) => signing.signMessage(active.connector, address, message),
    })
  }, stores.$registration)

  return {
    resolveName,
    reverseLookup,
    suggestions,
    registerName: registration.run,
    resetRegistration: registration.reset,
  }
}
