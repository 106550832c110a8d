import { PorticoError } from '../errors/index.js'

/**
 * The heavy half of a feature, behind `import()`: its code is fetched the first time a user
 * action or a subscribed store needs it, never at page load. The feature's shell (its stores,
 * option checks and synchronous actions) stays in the initial bundle, so the public API does not
 * change whether the code is here yet or not.
 */
export type LazyModule<M> = {
  /**
   * The module, fetched on the first call; later calls share that fetch. When it fails (offline,
   * a deploy replaced the chunk) the promise rejects with a PorticoError `MODULE_LOAD_FAILED`
   * (the import error as its cause), and the next call fetches again.
   */
  load(): Promise<M>
  /** The module if it has arrived: for synchronous paths that use it only when it is there. */
  loaded(): M | undefined
  /**
   * One client's part built from the module: `create(module)` runs once, on first use after the
   * code arrived; a failed fetch builds nothing (the next use fetches again).
   */
  instance<P>(create: (module: M) => P): LazyInstance<P>
}

/** One client's part of a lazy module (its requests, its caches), built on first use. */
export type LazyInstance<P> = {
  /** The part, fetching the code and building it on first use. */
  get(): Promise<P>
  /** The part if it is built: undefined until then. */
  current(): P | undefined
  /**
   * Runs `task` with the part: in the same turn when it is built (so a second call behaves
   * exactly as it would without lazy loading: it joins a request in flight at once), after the
   * code arrived otherwise. Rejects with `MODULE_LOAD_FAILED` when the code cannot be fetched.
   */
  use<R>(task: (part: P) => R | Promise<R>): Promise<R>
}

/**
 * Declares a module loaded once, on first use: `lazyModule('send', () => import('./flow.js'))`,
 * at module level (the fetch is shared by every client of the page). `name` says in the error
 * which part could not be fetched.
 */
export function lazyModule<M>(name: string, importer: () => Promise<M>): LazyModule<M> {
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
        throw new PorticoError('MODULE_LOAD_FAILED', `The ${name} code could not be loaded`, {
          cause,
          details: { module: name },
        })
      },
    )
    return pending
  }
  return {
    load,
    loaded: () => module,
    instance<P>(create: (module: M) => P): LazyInstance<P> {
      let part: { value: P } | undefined
      const get = async () => {
        if (part) return part.value
        const loaded = await load()
        part ??= { value: create(loaded) }
        return part.value
      }
      return {
        get,
        current: () => part?.value,
        use(task) {
          if (!part) return get().then(task)
          try {
            return Promise.resolve(task(part.value))
          } catch (error) {
            return Promise.reject(error)
          }
        },
      }
    },
  }
}
