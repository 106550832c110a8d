import { atom, type ReadableAtom } from 'nanostores'
import type { AccountFeature } from '../account/index.js'
import type { ConnectionFeature } from '../connection/index.js'
import { NAME_CACHE_MS, NAME_SUFFIX } from '../constants/index.js'
import { isPorticoError, PorticoError } from '../errors/index.js'
import type { Logger } from '../logger/index.js'
import type { PorticoStorage } from '../storage/index.js'
import { isRecord } from '../storage/validators.js'
import type { NameProfile, NameSuggestion, NamesApi } from './api.js'
import { checkName } from './nameRules.js'

/** SLIP-44 coin type of Ethereum, under which EVM addresses are registered. */
const ETH_COIN_TYPE = 60
const ZONE = NAME_SUFFIX.slice(1)

export type RegisterNameStatus = 'idle' | 'signing' | 'submitting' | 'success' | 'error'

export type NamesFeature = {
  $registerStatus: ReadableAtom<RegisterNameStatus>
  $registerError: ReadableAtom<PorticoError | undefined>
  /** The address a name points at (cached 5 minutes); undefined when nobody holds it. */
  resolveName(name: string): Promise<string | undefined>
  /** Names registered to an address (cached 5 minutes). */
  reverseLookup(address: string): Promise<readonly NameProfile[]>
  suggestions(name: string): Promise<readonly NameSuggestion[]>
  /**
   * Registers `name` for the connected account: the wallet signs a message binding the name, the
   * address and the time, then the profile service stores it. Returns the full name.
   */
  registerName(name: string): Promise<string>
  resetRegistration(): void
}

const cachedAddress = (value: unknown) =>
  isRecord(value) && (value.address === null || typeof value.address === 'string')
    ? { address: value.address as string | null }
    : undefined

export function createNames({
  api,
  account,
  connection,
  storage,
  logger,
  now,
}: {
  api: NamesApi
  account: AccountFeature
  connection: ConnectionFeature
  storage: PorticoStorage
  logger: Logger
  now(): number
}): NamesFeature {
  const $registerStatus = atom<RegisterNameStatus>('idle')
  const $registerError = atom<PorticoError | undefined>(undefined)

  async function resolveName(name: string) {
    const key = `resolve:${name.trim().toLowerCase()}`
    const cached = cachedAddress(storage.nameCache.get(key, NAME_CACHE_MS, now()))
    if (cached) return cached.address ?? undefined
    try {
      const profile = await api.getProfile(name.trim().toLowerCase())
      const address = profile.addresses[String(ETH_COIN_TYPE)]?.address
      storage.nameCache.set(key, { address: address ?? null }, now())
      return address
    } catch (cause) {
      if (isPorticoError(cause, 'API_ERROR') && cause.details?.status === 404) {
        storage.nameCache.set(key, { address: null }, now())
        return undefined
      }
      throw new PorticoError('NAME_RESOLVE_FAILED', { cause })
    }
  }

  async function reverseLookup(address: string) {
    const key = `reverse:${address.toLowerCase()}`
    const cached = storage.nameCache.get(key, NAME_CACHE_MS, now())
    if (Array.isArray(cached)) return cached as NameProfile[]
    try {
      const profiles = await api.reverse(address)
      storage.nameCache.set(key, profiles, now())
      return profiles
    } catch (cause) {
      throw new PorticoError('NAMES_FOR_ADDRESS_FAILED', { cause })
    }
  }

  return {
    $registerStatus,
    $registerError,
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
    async registerName(input) {
      const check = checkName(input)
      if (!check.valid) throw new PorticoError('INVALID_INPUT', check.message)
      const { address } = account.get('eip155')
      const active = connection.getActive('eip155')
      if (!address || !active) throw new PorticoError('ADDRESS_OR_AUTH_CONNECTOR_NOT_FOUND')
      $registerError.set(undefined)
      $registerStatus.set('signing')
      try {
        const message = JSON.stringify({
          name: check.name,
          address,
          timestamp: Math.floor(now() / 1000),
        })
        const signature = await active.adapter.signMessage(active.connector, address, message)
        $registerStatus.set('submitting')
        await api.register({ coin_type: ETH_COIN_TYPE, address, message, signature })
        storage.nameCache.set(`resolve:${check.name}`, { address }, now())
        storage.nameCache.delete(`reverse:${address.toLowerCase()}`)
        storage.identityCache.delete(address.toLowerCase())
        // The identity service may not know the name yet: show it now, read it fresh next time.
        account.update('eip155', { profileName: check.name })
        $registerStatus.set('success')
        return check.name
      } catch (cause) {
        const error = isPorticoError(cause)
          ? cause
          : new PorticoError('API_ERROR', 'The name could not be registered', { cause })
        logger.warn('name registration failed', error)
        $registerError.set(error)
        $registerStatus.set('error')
        throw error
      }
    },
    resetRegistration() {
      $registerStatus.set('idle')
      $registerError.set(undefined)
    },
  }
}
