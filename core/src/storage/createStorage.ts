import type { Logger } from '../logger/index.js'
import type { StorageAdapter } from './adapter.js'
import { isUnsafeKey, type Validator } from './validators.js'

/** The prefix of the default storage key (`'portico'`); unchanged so stored sessions survive. */
export const STORAGE_PREFIX = '@portico/'

/**
 * Reads and writes JSON under the client's prefix (`@portico/` unless the app chose another
 * storage key). Every failure (bad JSON, a value of the wrong
 * shape, a quota error, a storage that throws on access) is logged and swallowed: storage is a
 * convenience and must never break the app.
 */
export type SafeStorage = {
  read<T>(key: string, validate: Validator<T>): T | undefined
  write(key: string, value: unknown): void
  remove(key: string): void
}

export function createSafeStorage(
  adapter: StorageAdapter,
  logger: Logger,
  prefix: string = STORAGE_PREFIX,
): SafeStorage {
  return {
    read(key, validate) {
      let raw: string | null
      try {
        raw = adapter.getItem(prefix + key)
      } catch (error) {
        logger.error(`storage: could not read ${key}`, error)
        return undefined
      }
      if (raw === null) return undefined
      let json: unknown
      try {
        json = JSON.parse(raw)
      } catch (error) {
        logger.error(`storage: ${key} is not valid JSON; ignoring it`, error)
        return undefined
      }
      const parsed = validate(json)
      if (parsed === undefined) logger.error(`storage: ${key} has an unexpected shape; ignoring it`)
      return parsed
    },
    write(key, value) {
      try {
        adapter.setItem(prefix + key, JSON.stringify(value))
      } catch (error) {
        logger.error(`storage: could not write ${key}`, error)
      }
    },
    remove(key) {
      try {
        adapter.removeItem(prefix + key)
      } catch (error) {
        logger.error(`storage: could not remove ${key}`, error)
      }
    },
  }
}

export type StoredValue<T> = {
  get(): T | undefined
  set(value: T): void
  remove(): void
}

export function storedValue<T>(
  storage: SafeStorage,
  key: string,
  validate: Validator<T>,
): StoredValue<T> {
  return {
    get: () => storage.read(key, validate),
    set: (value) => storage.write(key, value),
    remove: () => storage.remove(key),
  }
}

/** One stored value per sub-key (per namespace, per address). */
export type StoredMap<K extends string, T> = {
  get(subKey: K): T | undefined
  set(subKey: K, value: T): void
  remove(subKey: K): void
}

export function storedMap<K extends string, T>(
  storage: SafeStorage,
  key: string,
  validate: Validator<T>,
): StoredMap<K, T> {
  return {
    get: (subKey) => storage.read(`${key}:${subKey}`, validate),
    set: (subKey, value) => storage.write(`${key}:${subKey}`, value),
    remove: (subKey) => storage.remove(`${key}:${subKey}`),
  }
}

type CacheEntry<T> = { timestamp: number; value: T }

/** A time-stamped cache kept in one stored record; stale entries read as missing. */
export type StoredCache<T> = {
  get(id: string, maxAgeMs: number, now: number): T | undefined
  set(id: string, value: T, now: number): void
  delete(id: string): void
}

export function storedCache<T>(
  storage: SafeStorage,
  key: string,
  validate: Validator<T>,
): StoredCache<T> {
  const readAll = (): Record<string, CacheEntry<T>> => {
    const all = storage.read(key, (value) =>
      typeof value === 'object' && value !== null && !Array.isArray(value)
        ? (value as Record<string, unknown>)
        : undefined,
    )
    const out: Record<string, CacheEntry<T>> = {}
    for (const [id, entry] of Object.entries(all ?? {})) {
      if (isUnsafeKey(id) || typeof entry !== 'object' || entry === null) continue
      const { timestamp, value } = entry as Record<string, unknown>
      const parsed = validate(value)
      if (typeof timestamp === 'number' && Number.isFinite(timestamp) && parsed !== undefined) {
        out[id] = { timestamp, value: parsed }
      }
    }
    return out
  }
  return {
    get(id, maxAgeMs, now) {
      const all = readAll()
      const entry = Object.hasOwn(all, id) ? all[id] : undefined
      if (!entry || now - entry.timestamp >= maxAgeMs || entry.timestamp > now) return undefined
      return entry.value
    },
    set(id, value, now) {
      if (isUnsafeKey(id)) return
      storage.write(key, { ...readAll(), [id]: { timestamp: now, value } })
    },
    delete(id) {
      const all = readAll()
      delete all[id]
      storage.write(key, all)
    },
  }
}
