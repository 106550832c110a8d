/**
 * Validators for what comes back from storage. Each takes `unknown` and returns the typed value or
 * `undefined`; none throws, whatever the input.
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

/** A record whose invalid entries are dropped. */
export function recordOf<T>(item: Validator<T>, key: Validator<string> = string) {
  return (value: unknown): Record<string, T> | undefined => {
    if (!isRecord(value)) return undefined
    const out: Record<string, T> = {}
    for (const [k, v] of Object.entries(value)) {
      const parsedKey = key(k)
      const parsed = item(v)
      if (parsedKey !== undefined && parsed !== undefined) out[parsedKey] = parsed
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
