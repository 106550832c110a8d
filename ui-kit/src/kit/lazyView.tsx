import { type ComponentType, type ReactNode, useSyncExternalStore } from 'react'
import type { LazyView, ViewProps } from './types.js'
import { ViewLoading } from './ViewLoading.js'

type State<P> = { component?: ComponentType<P>; error?: unknown }

/** A component whose code loads on demand: `preload()` fetches it, `isLoaded()` tells. */
export type LazyComponent<P> = ComponentType<P> & {
  /** Starts loading the code (once; later calls return the same promise). */
  preload(): Promise<void>
  /** Whether the code is loaded: the component then renders synchronously. */
  isLoaded(): boolean
}

/** What a lazy component shows while its code loads, or a retry once loading failed. */
export type LazyFallback<P> = (props: P, failed: boolean, retry: () => void) => ReactNode

const viewFallback: LazyFallback<unknown> = (_props, failed, retry) =>
  failed ? <ViewLoading failed retry={retry} /> : <ViewLoading />

/**
 * A component whose module is fetched with `import()` the first time it is rendered or preloaded.
 * Unlike `React.lazy`, a component whose code is already here renders at once (no Suspense
 * fallback for a frame), so prefetching on hover or idle makes the first open instant. While the
 * code loads, `fallback` shows (by default a small busy placeholder); if it fails (offline), a
 * retry.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  fallback: LazyFallback<P> = viewFallback,
): LazyComponent<P> {
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
  const retry = () => void preload().catch(() => undefined)

  // biome-ignore lint/correctness/noComponentHookFactories: made once per component at module level, like React.lazy
  function Lazy(props: P) {
    const current = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot)
    const Component = current.component
    if (Component) return <Component {...props} />
    if (current.error) return fallback(props, true, retry)
    if (typeof window !== 'undefined') retry()
    return fallback(props, false, retry)
  }
  return Object.assign(Lazy, {
    preload,
    isLoaded: () => state.component !== undefined,
  })
}

/** A view whose code loads on demand (see `lazyComponent`), with the busy placeholder. */
export function lazyView<P extends ViewProps>(
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyView<P> {
  return lazyComponent(load)
}
