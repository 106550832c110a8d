/**
 * The client's event bus. An event is declared once, by the feature that emits it, as a typed
 * token; listeners import the token from that feature. No shared list of events to edit.
 */
export type EventToken<T> = { readonly name: string; readonly __payload?: T }

export function defineEvent<T = void>(name: string): EventToken<T> {
  return { name }
}

export type EventBus = {
  emit<T>(event: EventToken<T>, payload: T): void
  /** Returns the function that stops listening. */
  on<T>(event: EventToken<T>, listener: (payload: T) => void): () => void
  clear(): void
}

export function createEventBus(onListenerError: (error: unknown) => void): EventBus {
  const listeners = new Map<string, Set<(payload: never) => void>>()
  return {
    emit(event, payload) {
      // A copy: a listener that unsubscribes (or subscribes) while handling does not skip others.
      for (const listener of [...(listeners.get(event.name) ?? [])]) {
        try {
          ;(listener as (value: unknown) => void)(payload)
        } catch (error) {
          // One feature's broken rule must not stop the others from hearing the event.
          onListenerError(error)
        }
      }
    },
    on(event, listener) {
      let set = listeners.get(event.name)
      if (!set) {
        set = new Set()
        listeners.set(event.name, set)
      }
      const entry = listener as (payload: never) => void
      set.add(entry)
      return () => {
        set.delete(entry)
      }
    },
    clear() {
      listeners.clear()
    },
  }
}
