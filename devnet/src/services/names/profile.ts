import type { Address } from '../../chains/evm/types.js'
import type { NameRecord } from './registry.js'

/** The zone names are registered in (spec section 9). */
export const PROFILE_ZONE = 'reown.id'

/** The EVM coin type (SLIP-44), the only one the devnet registers names for. */
export const EVM_COIN_TYPE = 60

/** How far a registration message's timestamp may be from the server's clock, in seconds. */
export const MESSAGE_MAX_SKEW_SECONDS = 10 * 60

/** Suggestions answered at most, the name asked for included. */
const MAX_SUGGESTIONS = 5

/**
 * Spec section 5: at least 4 characters of letters, digits or hyphens (ASCII only: no spaces,
 * emoji or direction marks). The devnet also stops at 63, the DNS label limit.
 */
const LABEL = /^[a-z0-9-]{4,63}$/i
const MAX_LABEL_LENGTH = 63

/** Whether `name` is `<label>.reown.id` with a label the rule allows (any letter case). */
export function isRegistrableName(name: string): boolean {
  const suffix = `.${PROFILE_ZONE}`
  if (!name.toLowerCase().endsWith(suffix)) return false
  return LABEL.test(name.slice(0, -suffix.length))
}

/** The answer of `GET /v1/profile/account/{name}` (apiVersion 2) and items of reverse lookup. */
export type ProfileAccount = {
  name: string
  /** Unix seconds. */
  registered: number
  updated: number
  /** Addresses by coin type: the EVM one only. */
  addresses: Record<string, { address: Address }>
  attributes: { avatar?: string; bio?: string } & Record<string, string>
}

export function toProfileAccount(record: NameRecord): ProfileAccount {
  return {
    name: record.name,
    registered: Math.floor(record.registeredAt / 1000),
    updated: Math.floor(record.updatedAt / 1000),
    addresses: { [String(EVM_COIN_TYPE)]: { address: record.address } },
    attributes: {
      ...(record.avatar ? { avatar: record.avatar } : {}),
      ...record.attributes,
    },
  }
}

/**
 * The name asked for (registered or not) first; when it is taken, free variants of its label
 * follow (`alice1`, `alice-2`, `alice3`, `alice-4`, …, each in the zone), `MAX_SUGGESTIONS` in all.
 * Variants longer than a label may be are left out (so a 63-character name gets none).
 */
export function suggestNames(
  label: string,
  zone: string,
  isTaken: (name: string) => boolean,
): { name: string; registered: boolean }[] {
  const exact = `${label}.${zone}`
  const suggestions = [{ name: exact, registered: isTaken(exact) }]
  if (!suggestions[0]?.registered) return suggestions
  for (let n = 1; suggestions.length < MAX_SUGGESTIONS && n < 1000; n++) {
    const variant = `${label}${n % 2 === 0 ? '-' : ''}${n}`
    if (variant.length > MAX_LABEL_LENGTH) continue
    const name = `${variant}.${zone}`
    if (!isTaken(name)) suggestions.push({ name, registered: false })
  }
  return suggestions
}

/** The fields of a registration message (a JSON string the user signed). */
export type RegistrationMessage = {
  name: string
  address: string
  /** Unix seconds. */
  timestamp: number
  attributes?: Record<string, string>
}

/** Attribute keys a registration may set, with their length limit. */
const ATTRIBUTE_LIMITS: Record<string, number> = { avatar: 2048, bio: 512 }

/** Parses the signed message; an error's message says what is wrong. */
export function parseRegistrationMessage(message: string): RegistrationMessage {
  let value: unknown
  try {
    value = JSON.parse(message)
  } catch {
    throw new Error('invalid message')
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error('invalid message')
  }
  const { name, address, timestamp, attributes } = value as Record<string, unknown>
  if (typeof name !== 'string' || typeof address !== 'string') throw new Error('invalid message')
  if (typeof timestamp !== 'number' || !Number.isFinite(timestamp)) {
    throw new Error('invalid timestamp')
  }
  const parsed: RegistrationMessage = { name, address, timestamp }
  if (attributes !== undefined) {
    if (typeof attributes !== 'object' || attributes === null || Array.isArray(attributes)) {
      throw new Error('invalid attributes')
    }
    for (const [key, text] of Object.entries(attributes)) {
      const limit = ATTRIBUTE_LIMITS[key]
      if (limit === undefined || typeof text !== 'string' || text.length > limit) {
        throw new Error('invalid attributes')
      }
    }
    parsed.attributes = attributes as Record<string, string>
  }
  return parsed
}
