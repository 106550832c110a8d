import type { ApiClient, ApiRequestOptions } from '../api/index.js'
import { arrayOf, finiteNumber, isRecord, string, type Validator } from '../storage/validators.js'

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

const nameProfile: Validator<NameProfile> = (value) => {
  if (!isRecord(value)) return undefined
  const name = string(value.name)
  if (!name || !isRecord(value.addresses)) return undefined
  const addresses: Record<string, { address: string }> = {}
  for (const [coinType, entry] of Object.entries(value.addresses)) {
    const address = isRecord(entry) ? string(entry.address) : undefined
    if (address && /^\d+$/.test(coinType)) addresses[coinType] = { address }
  }
  const attributes: Record<string, string> = {}
  if (isRecord(value.attributes)) {
    for (const [key, attribute] of Object.entries(value.attributes)) {
      if (typeof attribute === 'string') attributes[key] = attribute
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

const suggestion: Validator<NameSuggestion> = (value) =>
  isRecord(value) && typeof value.name === 'string' && typeof value.registered === 'boolean'
    ? { name: value.name, registered: value.registered }
    : undefined

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
        (value) => (isRecord(value) ? arrayOf(suggestion)(value.suggestions) : undefined),
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
