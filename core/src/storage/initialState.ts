import type { StorageAdapter } from './adapter.js'

/** Portico's stored entries as the server saw them in the request, for the first render. */
export type PorticoInitialState = {
  /** Stored values by full key (`@portico/connections:eip155` → its JSON). */
  readonly storage: Readonly<Record<string, string>>
}

/** Whether a value is an initial state (an app may pass anything it deserialised). */
export function isInitialState(value: unknown): value is PorticoInitialState {
  if (typeof value !== 'object' || value === null) return false
  const { storage } = value as { storage?: unknown }
  return (
    typeof storage === 'object' &&
    storage !== null &&
    !Array.isArray(storage) &&
    Object.values(storage).every((entry) => typeof entry === 'string')
  )
}

/**
 * The client's storage during its first render: the request's entries (`initialState`) win over
 * the adapter's until the client writes or removes that key, so the browser's first render reads
 * exactly what the server read.
 */
export function withInitialState(
  adapter: StorageAdapter,
  initialState: PorticoInitialState,
): StorageAdapter {
  const seeded = new Map(Object.entries(initialState.storage))
  return {
    getItem: (key) => (seeded.has(key) ? (seeded.get(key) ?? null) : adapter.getItem(key)),
    setItem(key, value) {
      seeded.delete(key)
      adapter.setItem(key, value)
    },
    removeItem(key) {
      seeded.delete(key)
      adapter.removeItem(key)
    },
  }
}
