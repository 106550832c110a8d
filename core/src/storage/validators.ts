import { cleanDisplayText } from '../security/text.js'

/**
 * Validators for what comes from outside: storage, the hosted APIs, wallets. Each takes `unknown`
 * and returns the typed value or `undefined`; none throws, whatever the input. A value read back
 * from storage goes through the same validator as the answer it was saved from.
 */

export type Validator<T> = (value: unknown) => T | undefined

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export const string: Validator<string> = (value) =>
  typeof value === 'string' && value.length > 0 ? value : undefined

export const finiteNumber: Validator<number> = (value) =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined

export function oneOf<const T extends string>(options: readonly T[]): Validator<T> {
  return (value) =>
    typeof value === 'string' && (options as readonly string[]).includes(value)
      ? (value as T)
      : undefined
}

/** An array whose invalid items are dropped rather than failing the whole value. */
export function arrayOf<T>(item: Validator<T>): Validator<T[]> {
  return (value) => {
    if (!Array.isArray(value)) return undefined
    const out: T[] = []
    for (const entry of value) {
      const parsed = item(entry)
      if (parsed !== undefined) out.push(parsed)
    }
    return out
  }
}

/**
 * Keys that would reach an object's prototype if assigned: `JSON.parse` makes `"__proto__"` an own
 * key, and copying it with `out[key] = value` would give `out` an attacker's prototype.
 */
export function isUnsafeKey(key: string): boolean {
  return key === '__proto__' || key === 'constructor' || key === 'prototype'
}

/**
 * An array every item of which is valid, or nothing: for lists that were validated before they
 * were stored, where one bad item means the list was tampered with.
 */
export function everyOf<T>(item: Validator<T>): Validator<T[]> {
  return (value) => {
    const parsed = arrayOf(item)(value)
    return parsed && Array.isArray(value) && parsed.length === value.length ? parsed : undefined
  }
}

/** A record whose invalid entries (and prototype-reaching keys) are dropped. */
export function recordOf<T>(item: Validator<T>, key: Validator<string> = string) {
  return (value: unknown): Record<string, T> | undefined => {
    if (!isRecord(value)) return undefined
    const out: Record<string, T> = {}
    for (const [k, v] of Object.entries(value)) {
      const parsedKey = key(k)
      if (parsedKey === undefined || isUnsafeKey(parsedKey)) continue
      const parsed = item(v)
      if (parsed !== undefined) out[parsedKey] = parsed
    }
    return out
  }
}

type Shape = Record<string, Validator<unknown>>
type Parsed<S extends Shape> = { [K in keyof S]: Exclude<ReturnType<S[K]>, undefined> }

/**
 * An object with required fields; `optional` fields may be absent, but if present must validate.
 * Extra fields are dropped.
 */
export function object<R extends Shape, O extends Shape = Record<never, never>>(
  required: R,
  optional?: O,
) {
  return (value: unknown): (Parsed<R> & Partial<Parsed<O>>) | undefined => {
    if (!isRecord(value)) return undefined
    const out: Record<string, unknown> = {}
    for (const [k, validate] of Object.entries(required)) {
      const parsed = validate(value[k])
      if (parsed === undefined) return undefined
      out[k] = parsed
    }
    for (const [k, validate] of Object.entries(optional ?? {})) {
      if (value[k] === undefined || value[k] === null) continue
      const parsed = validate(value[k])
      if (parsed === undefined) return undefined
      out[k] = parsed
    }
    return out as Parsed<R> & Partial<Parsed<O>>
  }
}

/** Text from outside, cleaned for display (`cleanDisplayText`); undefined when nothing is left. */
export function displayText(maxLength: number): Validator<string> {
  return (value) => cleanDisplayText(value, maxLength)
}

/** An EVM address: 0x and 40 hex digits (any case; the checksum is the wallet's business). */
export const evmAddress: Validator<string> = (value) =>
  typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value) ? value : undefined

/**
 * A CAIP-2 network id in the CAIP syntax (`eip155:1`): a namespace of 3 to 8 lower-case letters,
 * digits or hyphens and a reference of 1 to 32 letters, digits, hyphens or underscores. Stricter
 * than the two non-empty parts a caller may pass: what a server answers must be a real id.
 */
export const caipNetworkId: Validator<string> = (value) =>
  typeof value === 'string' && /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/.test(value)
    ? value
    : undefined

/** A CAIP-10 account id in the CAIP syntax: a network id and 1 to 128 of `-.%a-zA-Z0-9`. */
export const caipAccountId: Validator<string> = (value) =>
  typeof value === 'string' &&
  /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:[-.%a-zA-Z0-9]{1,128}$/.test(value)
    ? value
    : undefined

/** Token decimals as the APIs write them: '0' to '255' (ERC-20 decimals are a uint8). */
export const tokenDecimals: Validator<string> = (value) =>
  typeof value === 'string' && /^\d{1,3}$/.test(value) && Number(value) <= 255
    ? String(Number(value))
    : undefined

/**
 * An amount in whole units as a plain decimal string (`'1.5'`): at most 78 whole digits (a uint256
 * has 78) and 255 fraction digits (the most decimals a token can have). Longer is not an amount.
 */
export const decimalAmount: Validator<string> = (value) =>
  typeof value === 'string' && value.length <= 334 && /^\d{1,78}(\.\d{1,255})?$/.test(value)
    ? value
    : undefined

/** A finite number not below zero (a price, a value in dollars). */
export const nonNegativeNumber: Validator<number> = (value) =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined

const REVERSE_DOMAIN =
  /^(?=.{3,255}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i

/**
 * A reverse domain name (`io.metamask`), as EIP-6963 wallets and the listing name themselves: two
 * or more DNS labels of letters, digits and inner hyphens, 63 at most each, 255 in all.
 */
export const reverseDomain: Validator<string> = (value) =>
  typeof value === 'string' && REVERSE_DOMAIN.test(value) ? value : undefined
