import { FARCASTER_RELOAD_DELAY_MS } from '../constants/index.js'
import type { ModalFeature } from '../modal/index.js'

export type FarcasterLeaveRuleDependencies = {
  hasAddress(): boolean
  clearFarcasterUrl(): void
  /** Reloads the auth connector (the secure frame), if the app has one. */
  reloadAuthConnector(): void
}

/**
 * Spec §2: leaving ConnectingFarcaster without an address clears the Farcaster URL and reloads
 * the auth connector after 100 ms, so the next attempt starts from a fresh frame.
 */
export function addFarcasterLeaveRule(
  modal: ModalFeature,
  dependencies: FarcasterLeaveRuleDependencies,
): () => void {
  const timers = new Set<ReturnType<typeof setTimeout>>()
  const unsubscribe = modal.onLeave('ConnectingFarcaster', () => {
    if (dependencies.hasAddress()) return
    dependencies.clearFarcasterUrl()
    const timer = setTimeout(() => {
      timers.delete(timer)
      dependencies.reloadAuthConnector()
    }, FARCASTER_RELOAD_DELAY_MS)
    timers.add(timer)
  })
  return () => {
    unsubscribe()
    for (const timer of timers) clearTimeout(timer)
  }
}
