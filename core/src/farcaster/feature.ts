import { atom, type ReadableAtom } from 'nanostores'
import { connectionFeature } from '../connection/index.js'
import { defineEvent } from '../kernel/events.js'
import { defineFeature } from '../kernel/feature.js'
import { modalFeature } from '../modal/feature.js'

/** Wait before the auth connector reloads after the user left ConnectingFarcaster. */
export const FARCASTER_RELOAD_DELAY_MS = 100

/** Asks the auth connector (the secure frame) to start from a fresh frame. */
export const authReloadEvent = defineEvent('auth:reload')

/** Farcaster sign-in state (`client.farcaster`). */
export type FarcasterFeature = {
  /** The Farcaster sign-in URL while a Farcaster login waits. */
  $url: ReadableAtom<string | undefined>
}

export type FarcasterInternal = FarcasterFeature & {
  setUrl(url: string | undefined): void
}

/**
 * Farcaster sign-in. Leaving ConnectingFarcaster without an address clears the Farcaster URL and
 * reloads the auth connector after 100 ms, so the next attempt starts from a fresh frame.
 */
export const farcasterFeature = defineFeature({
  name: 'farcaster',
  needs: [modalFeature, connectionFeature],
  create(context): { public: FarcasterFeature; internal: FarcasterInternal } {
    const modal = context.use(modalFeature)
    const connection = context.use(connectionFeature)
    const $url = atom<string | undefined>(undefined)
    const timers = new Set<ReturnType<typeof setTimeout>>()
    context.onDestroy(
      modal.onLeave('ConnectingFarcaster', () => {
        if (connection.$address.get()) return
        $url.set(undefined)
        const timer = setTimeout(() => {
          timers.delete(timer)
          context.events.emit(authReloadEvent, undefined)
        }, FARCASTER_RELOAD_DELAY_MS)
        timers.add(timer)
      }),
    )
    context.onDestroy(() => {
      for (const timer of timers) clearTimeout(timer)
    })
    return { public: { $url }, internal: { $url, setUrl: (url) => $url.set(url) } }
  },
})
