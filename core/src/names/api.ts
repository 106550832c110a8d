import type { ApiClient, ApiRequestOptions } from '../api/index.js'
import {
  arrayOf,
  cleanAccountName,
  cleanDisplayText,
  evmAddress,
  finiteNumber,
  isRecord,
  isUnsafeKey,
  TEXT_LIMITS,
} from '../kit.js'
import { toSafeImageUrl } from '../lazyKit.js'
import type { Validator } from '../storage/index.js'

/** A registered name (`/v1/profile/account/{name}`, apiVersion 2). */
export type NameProfile = {
  name: string
  /** Addresses by SLIP-44 coin type: '60' is Ethereum. */
  addresses: Readonly<Record<string, { address: string }>>
  attributes: Readonly<Record<string, string>>
  registered?: number
  updated?: number
}

/** A name like the one asked for, and whether someone holds it. */
export type NameSuggestion = { name: string; registered: boolean }

/** SLIP-44 coin type of Ethereum, under which EVM addresses are registered. */
export const ETH_COIN_TYPE = 60
/** Addresses and attributes kept from one profile: a real one has a handful. */
const MAX_PROFILE_ENTRIES = 64
const COIN_TYPE = /^\d{1,10}$/
const ATTRIBUTE_KEY = /^[A-Za-z0-9_.-]{1,64}$/
/** Another chain's address: printable ASCII, as every address format is. */
const OTHER_ADDRESS = /^[\x21-\x7e]{1,128}$/

/**
 * A name profile (an answer of the profile service, and what the name cache keeps of one). The
 * name is an account name; the Ethereum address (coin type 60) is 0x and 40 hex digits, other
 * coin types' addresses printable ASCII, or the entry is dropped; attributes are cleaned text,
 * the avatar a safe image URL. Bounded: at most 64 addresses and 64 attributes are read.
 */
export const nameProfile: Validator<NameProfile> = (value) => {
  if (!isRecord(value)) return undefined
  const name = cleanAccountName(value.name)
  if (!name || !isRecord(value.addresses)) return undefined
  const addresses: Record<string, { address: string }> = {}
  for (const [coinType, entry] of Object.entries(value.addresses).slice(0, MAX_PROFILE_ENTRIES)) {
    if (!COIN_TYPE.test(coinType) || !isRecord(entry)) continue
    const address =
      coinType === String(ETH_COIN_TYPE)
        ? evmAddress(entry.address)
        : typeof entry.address === 'string' && OTHER_ADDRESS.test(entry.address)
          ? entry.address
          : undefined
    if (address) addresses[coinType] = { address }
  }
  const attributes: Record<string, string> = {}
  if (isRecord(value.attributes)) {
    const entries = Object.entries(value.attributes).slice(0, MAX_PROFILE_ENTRIES)
    for (const [key, attribute] of entries) {
      if (!ATTRIBUTE_KEY.test(key) || isUnsafeKey(key)) continue
      const text =
        key === 'avatar'
          ? toSafeImageUrl(attribute)
          : cleanDisplayText(attribute, TEXT_LIMITS.attribute)
      if (text !== undefined) attributes[key] = text
    }
  }
  return {
    name,
    addresses,
    attributes,
    registered: finiteNumber(value.registered),
    updated: finiteNumber(value.updated),
  }
}

/** A suggested name: an account name, and whether someone holds it. */
export const nameSuggestion: Validator<NameSuggestion> = (value) => {
  if (!isRecord(value) || typeof value.registered !== 'boolean') return undefined
  const name = cleanAccountName(value.name)
  return name ? { name, registered: value.registered } : undefined
}

export type RegisterNameBody = {
  coin_type: number
  address: string
  message: string
  signature: string
}

/** The profile endpoints of spec §7. */
export function createNamesApi(api: ApiClient) {
  return {
    getProfile: (name: string, options?: ApiRequestOptions) =>
      api.get(
        `v1/profile/account/${encodeURIComponent(name)}`,
        { apiVersion: 2 },
        nameProfile,
        options,
      ),
    reverse: (address: string, options?: ApiRequestOptions) =>
      api.get(
        `v1/profile/reverse/${encodeURIComponent(address)}`,
        { sender: address, apiVersion: 2 },
        (value) => arrayOf(nameProfile)(value),
        options,
      ),
    suggestions: (name: string, zone: string, options?: ApiRequestOptions) =>
      api.get(
        `v1/profile/suggestions/${encodeURIComponent(name)}`,
        { zone },
        (value) => (isRecord(value) ? arrayOf(nameSuggestion)(value.suggestions) : undefined),
        options,
      ),
    register: (body: RegisterNameBody, options?: ApiRequestOptions) =>
      api.post(
        'v1/profile/account',
        body,
        (value) => (isRecord(value) ? true : undefined),
        options,
      ),
  }
}

export type NamesApi = ReturnType<typeof createNamesApi>
