import type { ReadableAtom } from 'nanostores'
import { onStart, onStop } from 'nanostores'
import { PorticoError } from '../errors/index.js'
import type { Message } from '../messages/types.js'
import type { AsyncState } from './async.js'
import { errorState } from './async.js'

/**
 * Code behind `import()`: fetched the first time it is needed, never at page load, and shared by
 * every client of the page. Features do not use this directly: they declare their heavy half with
 * `lazy` in `defineFeature`. It is for the client's own parts that load on use (the API
 * requests).
 */
export type LazyModule<M> = {
  /**
   * The module, fetched on the first call; later calls share that fetch. When it fails (offline,
   * a deploy replaced the chunk) the promise rejects with a PorticoError `MODULE_LOAD_FAILED`
   * (the import error as its cause), or the error `failure` makes, and the next call fetches
   * again.
   */
  load(): Promise<M>
  /** The module if it has arrived: for synchronous paths that use it only when it is there. */
  loaded(): M | undefined
}

/** Why code could not be fetched, as the error the caller sees. */
export type LoadFailure = (cause: unknown) => PorticoError

/**
 * `MODULE_LOAD_FAILED` naming the part; with `message`, what the user reads (a feature's own
 * words: "Swaps could not be loaded") instead of the generic text of the code.
 */
export function moduleLoadFailed(name: string, message?: Message): LoadFailure {
  return (cause) =>
    new PorticoError('MODULE_LOAD_FAILED', `The ${name} code could not be loaded`, {
      cause,
      details: message ? { module: name, message } : { module: name },
    })
}

/**
 * Declares a module loaded once, on first use: `lazyModule('API client', () => import('./x.js'))`.
 * `name` says in the error which part could not be fetched.
 */
export function lazyModule<M>(
  name: string,
  importer: () => Promise<M>,
  failure: LoadFailure = moduleLoadFailed(name),
): LazyModule<M> {
  let module: M | undefined
  let pending: Promise<M> | undefined
  function load(): Promise<M> {
    pending ??= importer().then(
      (loaded) => {
        module = loaded
        return loaded
      },
      (cause: unknown) => {
        pending = undefined
        throw failure(cause)
      },
    )
    return pending
  }
  return {
    load,
    loaded: () => module,
  }
}

// biome-ignore lint/suspicious/noExplicitAny: any function of a half
type AnyFunction = (...args: any[]) => unknown
type ActionKeys<H> = { [K in keyof H]: H[K] extends AnyFunction ? K : never }[keyof H]
/** A half's action as its shell offers it: callable before the code arrived, so always async. */
export type Forwarded<F> = F extends (...args: infer A) => infer R
  ? (...args: A) => Promise<Awaited<R>>
  : never

/**
 * One client's heavy half of a feature, as its shell (the part every page loads) holds it. The
 * half is built once, on first use, from the code the kernel fetched (once per page).
 */
export type LazyHalf<H> = {
  /** The half, fetching its code and building it on first use; every caller shares that. */
  get(): Promise<H>
  /** The half if it is built (or its code is here: it is built then); undefined otherwise. */
  current(): H | undefined
  /**
   * Runs `task` with the half: in the caller's turn when it is built (a second call behaves
   * exactly as it would without lazy loading: it joins what is in flight at once), once the
   * code arrived otherwise. Rejects with the feature's load error when the code cannot come.
   */
  use<R>(task: (half: H) => R | Promise<R>): Promise<R>
  /** The half's actions by name, callable at once: each waits for the code when it must. */
  actions<const K extends ActionKeys<H>>(...names: K[]): { [P in K]: Forwarded<H[P]> }
  /**
   * While `store` is shown (subscribed), the half follows it: the code is fetched when it is
   * first shown and `follow(half)` runs, its return value stopping it when the store is no longer
   * shown (a microtask after it is first shown, and only if it still is: a `get()` that shows a
   * store for an instant starts nothing). When the code cannot come, `onError` hears it and an
   * async store shows the load error.
   */
  whileShown<T>(
    store: ReadableAtom<T>,
    follow: (half: H) => () => void,
    onError?: (error: PorticoError) => void,
  ): void
}

/** Builds a client's half from its code: what `defineFeature`'s kernel does for each feature. */
export function createLazyHalf<M, H>(
  code: LazyModule<M>,
  build: (module: M) => H,
  isDestroyed: () => boolean,
): LazyHalf<H> {
  let half: { value: H } | undefined
  /** Builds the half now if its code is here (the same turn: no flash of an empty list). */
  function built(): H | undefined {
    if (half) return half.value
    const module = code.loaded()
    if (module === undefined || isDestroyed()) return undefined
    half = { value: build(module) }
    return half.value
  }
  async function get(): Promise<H> {
    const ready = built() // a half that fails to build rejects, as from get's own await
    if (ready !== undefined) return ready
    const module = await code.load()
    if (isDestroyed()) {
      throw new PorticoError('ABORTED', 'The client was destroyed', {
        details: { reason: 'destroyed' },
      })
    }
    half ??= { value: build(module) }
    return half.value
  }
  function use<R>(task: (value: H) => R | Promise<R>): Promise<R> {
    // Never a synchronous throw: a half that fails to build, or a task that throws, rejects.
    try {
      const ready = built()
      if (ready === undefined) return get().then(task)
      return Promise.resolve(task(ready))
    } catch (error) {
      return Promise.reject(error)
    }
  }
  return {
    get,
    current: built,
    use,
    actions(...names) {
      return Object.fromEntries(
        names.map((name) => [
          name,
          (...args: unknown[]) => use((value) => (value[name] as AnyFunction)(...args)),
        ]),
      ) as never
    },
    whileShown(store, follow, onError) {
      /** The current showing: what stops it, and whether it ended. */
      let showing: { ended: boolean; stop?: () => void } | undefined
      onStart(store, () => {
        const mine: { ended: boolean; stop?: () => void } = { ended: false }
        showing = mine
        // A moment later, and only if the store is still shown: nanostores' get() on a store
        // nobody listens to shows it for an instant (a listener added and removed at once),
        // which must not start a fetch.
        void Promise.resolve().then(() => {
          if (mine.ended) return
          const start = (value: H) => {
            if (!mine.ended) mine.stop = follow(value)
          }
          const ready = built()
          if (ready !== undefined) return start(ready)
          get().then(start, (error: PorticoError) => {
            if (mine.ended) return
            onError?.(error)
            const state = store.get() as AsyncState<unknown> | undefined
            // An async store on screen shows why it stays empty instead of loading for ever.
            if (state && typeof state === 'object' && 'isPending' in state) {
              ;(store as unknown as { set(value: unknown): void }).set({
                ...state,
                ...errorState(state, error),
              })
            }
          })
        })
      })
      onStop(store, () => {
        if (!showing) return
        showing.ended = true
        showing.stop?.()
        showing = undefined
      })
    },
  }
}
