import { type ComponentType, useSyncExternalStore } from 'react'
import type { LazyView, ViewProps } from './types.js'
import { ViewLoading } from './ViewLoading.js'

type State<P> = { component?: ComponentType<P>; error?: unknown }

/**
 * A component whose module is fetched with `import()` the first time it is rendered or preloaded.
 * Unlike `React.lazy`, a view whose code is already here renders at once (no Suspense fallback
 * for a frame), so prefetching on hover or idle makes the first open instant. While the code
 * loads, a small busy placeholder shows; if it fails (offline), a retry.
 */
export function lazyView<P extends ViewProps>(
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyView<P> {
  let state: State<P> = {}
  let pending: Promise<void> | undefined
  const listeners = new Set<() => void>()
  const notify = () => {
    for (const listener of [...listeners]) listener()
  }
  const subscribe = (listener: () => void) => {
    listeners.add(listener)
    return () => listeners.delete(listener)
  }
  const getSnapshot = () => state
  // The server and the hydrating client render the placeholder alike, then the client swaps in.
  const getServerSnapshot = (): State<P> => ({})

  function preload(): Promise<void> {
    if (!pending && state.error) {
      state = {}
      notify()
    }
    pending ??= load().then(
      (module) => {
        state = { component: module.default }
        notify()
      },
      (error: unknown) => {
        // A failed chunk (offline, a deploy in between) can be asked again.
        pending = undefined
        state = { error }
        notify()
        throw error
      },
    )
    return pending
  }

  // biome-ignore lint/correctness/noComponentHookFactories: made once per view at module level, like React.lazy
  function View(props: P) {
    const current = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot)
    const Component = current.component
    if (Component) return <Component {...props} />
    if (current.error) {
      return <ViewLoading failed retry={() => void preload().catch(() => undefined)} />
    }
    if (typeof window !== 'undefined') void preload().catch(() => undefined)
    return <ViewLoading />
  }
  return Object.assign(View, {
    preload,
    isLoaded: () => state.component !== undefined,
  })
}
