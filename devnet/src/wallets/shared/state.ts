// What the devnet's browser wallets remember per site, like an extension does (so a reload
// stays connected), and how they tell their UI that something changed.

/** The stored state under `key`, as far as it parses; nothing when storage is empty or blocked. */
export function loadSaved<S extends object>(key: string): Partial<S> {
  try {
    const raw = globalThis.localStorage?.getItem(key)
    if (!raw) return {}
    const parsed = JSON.parse(raw) as unknown
    return typeof parsed === 'object' && parsed !== null ? (parsed as Partial<S>) : {}
  } catch {
    return {}
  }
}

export function save(key: string, state: object): void {
  try {
    globalThis.localStorage?.setItem(key, JSON.stringify(state))
  } catch {
    // Storage can be full or blocked (private mode); the wallet works without it.
  }
}

/** A stored account index while the wallet still has that account, else the first. */
export function savedIndex(value: unknown, count: number): number {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) < count
    ? (value as number)
    : 0
}

/** Listeners of a wallet's changes (its UI); one that throws does not stop the others. */
export function createListeners<A extends unknown[] = []>(name: string) {
  const listeners = new Set<(...args: A) => void>()
  return {
    add(listener: (...args: A) => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    notify(...args: A): void {
      for (const listener of [...listeners]) {
        try {
          listener(...args)
        } catch (error) {
          console.error(`[${name}] listener threw`, error)
        }
      }
    },
  }
}
