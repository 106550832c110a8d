/** The subset of the Web Storage API that Portico needs; any synchronous key-value store fits. */
export type StorageAdapter = {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

/** A storage adapter that keeps everything in memory (tests, SSR, private pages). */
export function createMemoryStorage(initial: Record<string, string> = {}): StorageAdapter {
  const map = new Map(Object.entries(initial))
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => {
      map.set(key, String(value))
    },
    removeItem: (key) => {
      map.delete(key)
    },
  }
}

const PROBE_KEY = '@portico/probe'

/**
 * The browser's localStorage when it exists and accepts a write; memory otherwise (SSR, private
 * modes that throw on access, sandboxed frames).
 */
export function detectBrowserStorage(): StorageAdapter {
  try {
    const storage = globalThis.localStorage
    if (!storage) return createMemoryStorage()
    storage.setItem(PROBE_KEY, '1')
    storage.removeItem(PROBE_KEY)
    return storage
  } catch {
    return createMemoryStorage()
  }
}

/** The `storage` option: an adapter, 'memory', or browser storage when absent. */
export function resolveStorageAdapter(
  option: StorageAdapter | 'memory' | undefined,
): StorageAdapter {
  if (option === 'memory') return createMemoryStorage()
  return option ?? detectBrowserStorage()
}
