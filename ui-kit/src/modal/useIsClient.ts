import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/** False on the server and during hydration, true after; avoids hydration mismatches. */
export function useIsClient(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
