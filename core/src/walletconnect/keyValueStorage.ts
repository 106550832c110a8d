import type { StorageAdapter } from '../storage/index.js'

/**
 * WalletConnect's key-value storage interface over the app's storage option, so sessions live
 * where Portico keeps everything else (memory under SSR and in tests), under `prefix`
 * (`@<storageKey>/wc/`, `@portico/wc/` by default). Values are JSON.
 */
export function createWalletConnectStorage(adapter: StorageAdapter, prefix: string) {
  const keys = new Set<string>()
  return {
    async getKeys() {
      return [...keys]
    },
    async getEntries<T>() {
      const entries: [string, T][] = []
      for (const key of keys) {
        const value = await this.getItem<T>(key)
        if (value !== undefined) entries.push([key, value])
      }
      return entries
    },
    async getItem<T>(key: string): Promise<T | undefined> {
      try {
        const raw = adapter.getItem(prefix + key)
        if (raw === null) return undefined
        const value = JSON.parse(raw) as T
        // Listed once it reads back: a value that is not JSON is as good as missing.
        keys.add(key)
        return value
      } catch {
        return undefined
      }
    },
    async setItem<T>(key: string, value: T) {
      keys.add(key)
      try {
        adapter.setItem(prefix + key, JSON.stringify(value))
      } catch {
        // A full storage loses the session on reload; the pairing itself goes on.
      }
    },
    async removeItem(key: string) {
      keys.delete(key)
      try {
        adapter.removeItem(prefix + key)
      } catch {
        // Nothing to undo.
      }
    },
  }
}
