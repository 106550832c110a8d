/** The key-value storage interface of the WalletConnect 2.25 clients (`IKeyValueStorage`). */
export type WalletConnectStorage = {
  getKeys(): Promise<string[]>
  getEntries<T = unknown>(): Promise<[string, T][]>
  getItem<T = unknown>(key: string): Promise<T | undefined>
  setItem<T = unknown>(key: string, value: T): Promise<void>
  removeItem(key: string): Promise<void>
}

/**
 * Storage in memory (nothing written to disk). Values are kept as JSON, so what the client
 * reads back is a copy, as from a real storage.
 */
export function createMemoryStorage(): WalletConnectStorage {
  const items = new Map<string, string>()
  const read = <T>(key: string): T | undefined => {
    const raw = items.get(key)
    return raw === undefined ? undefined : (JSON.parse(raw) as T)
  }
  return {
    async getKeys() {
      return [...items.keys()]
    },
    async getEntries<T>() {
      return [...items.keys()].map((key) => [key, read<T>(key) as T] as [string, T])
    },
    async getItem<T>(key: string) {
      return read<T>(key)
    },
    async setItem<T>(key: string, value: T) {
      items.set(key, JSON.stringify(value))
    },
    async removeItem(key: string) {
      items.delete(key)
    },
  }
}

/**
 * Storage in `localStorage` under a prefix (the Devnet Mobile Wallet page, so a reload keeps
 * its sessions). Falls back to memory when localStorage is not usable.
 */
export function createLocalStorage(prefix: string): WalletConnectStorage {
  let storage: Storage
  try {
    storage = globalThis.localStorage
    storage.getItem(prefix)
  } catch {
    return createMemoryStorage()
  }
  const keys = () => {
    const found: string[] = []
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i)
      if (key?.startsWith(prefix)) found.push(key.slice(prefix.length))
    }
    return found
  }
  const read = <T>(key: string): T | undefined => {
    const raw = storage.getItem(prefix + key)
    if (raw === null) return undefined
    try {
      return JSON.parse(raw) as T
    } catch {
      return undefined
    }
  }
  return {
    async getKeys() {
      return keys()
    },
    async getEntries<T>() {
      return keys().map((key) => [key, read<T>(key) as T] as [string, T])
    },
    async getItem<T>(key: string) {
      return read<T>(key)
    },
    async setItem<T>(key: string, value: T) {
      storage.setItem(prefix + key, JSON.stringify(value))
    },
    async removeItem(key: string) {
      storage.removeItem(prefix + key)
    },
  }
}
