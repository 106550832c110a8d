import { getAddress, isAddress } from 'viem'
import type { Address } from '../../chains/evm/types.js'

export type NameRecord = {
  /** Lower-cased, as registered. */
  name: string
  address: Address
  avatar: string | null
  /** Free-form profile attributes (the profile routes of the names issue use them). */
  attributes: Record<string, string>
  /** Milliseconds since the epoch (the registry's clock). */
  registeredAt: number
  /** When the record last changed (registration, or an update by its owner). */
  updatedAt: number
}

export type RegisterNameOptions = {
  avatar?: string | null
  attributes?: Record<string, string>
  /** Makes it the address's primary name (what reverse lookup and identity answer). */
  primary?: boolean
}

/**
 * The devnet's name service, in memory. One name points at one address; an address may hold
 * several names, and its primary name (what reverse lookup and the identity route answer) is its
 * first one, unless a registration asked to be primary.
 */
export type NameRegistry = {
  /** Registers or updates `name`; throws if another address holds it. */
  register(name: string, address: string, options?: RegisterNameOptions): NameRecord
  resolve(name: string): NameRecord | null
  /** The address's primary name. */
  reverse(address: string): NameRecord | null
  /** Every name of the address, primary first, then in registration order. */
  namesOf(address: string): NameRecord[]
  all(): NameRecord[]
  clear(): void
}

export function createNameRegistry(now: () => number = Date.now): NameRegistry {
  const byName = new Map<string, NameRecord>()
  const primaryOf = new Map<Address, string>()

  function checkAddress(address: string): Address {
    if (!isAddress(address, { strict: false })) throw new Error(`invalid address ${address}`)
    return getAddress(address)
  }

  function namesOf(address: string): NameRecord[] {
    const wanted = checkAddress(address)
    const records = [...byName.values()].filter((record) => record.address === wanted)
    const primary = records.findIndex((record) => record.name === primaryOf.get(wanted))
    if (primary > 0) records.unshift(...records.splice(primary, 1))
    return records
  }

  return {
    register(name, address, options = {}) {
      const key = name.trim().toLowerCase()
      if (key.length === 0) throw new Error('a name cannot be empty')
      const owner = checkAddress(address)
      const existing = byName.get(key)
      if (existing && existing.address !== owner) throw new Error(`${key} is already registered`)
      const time = now()
      const record: NameRecord = {
        name: key,
        address: owner,
        avatar: options.avatar ?? existing?.avatar ?? null,
        attributes: { ...existing?.attributes, ...options.attributes },
        registeredAt: existing?.registeredAt ?? time,
        updatedAt: time,
      }
      byName.set(key, record)
      if (options.primary) primaryOf.set(owner, key)
      return record
    },
    resolve: (name) => byName.get(name.trim().toLowerCase()) ?? null,
    reverse: (address) => namesOf(address)[0] ?? null,
    namesOf,
    all: () => [...byName.values()],
    clear() {
      byName.clear()
      primaryOf.clear()
    },
  }
}
