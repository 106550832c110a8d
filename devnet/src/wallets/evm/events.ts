import type { ProviderEvent } from './types.js'

/** The provider's EIP-1193 event listeners: added, removed, and called one by one. */
export function createProviderEvents() {
  const listeners = new Map<ProviderEvent, Set<(payload: never) => void>>()
  return {
    /** Calls every listener of the event; one that throws is logged and the others still run. */
    emit(event: ProviderEvent, payload: unknown) {
      for (const listener of [...(listeners.get(event) ?? [])]) {
        try {
          ;(listener as (payload: unknown) => void)(payload)
        } catch (error) {
          console.error(`[devnet wallet] ${event} listener threw`, error)
        }
      }
    },
    add(event: ProviderEvent, listener: (payload: never) => void) {
      const set = listeners.get(event) ?? new Set()
      listeners.set(event, set)
      set.add(listener)
    },
    remove(event: ProviderEvent, listener: (payload: never) => void) {
      listeners.get(event)?.delete(listener)
    },
  }
}
