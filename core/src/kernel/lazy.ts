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
   * One client's part built from the module: `create(module)` runs once per returned getter, on
   * its first call after the code arrived; a failed fetch builds nothing (the next call retries).
   */
  instance<P>(create: (module: M) => P): () => Promise<P>
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
    instance(create) {
      let part: { value: ReturnType<typeof create> } | undefined
      return async () => {
        if (part) return part.value
        const loaded = await load()
        part ??= { value: create(loaded) }
        return part.value
      }
    },
  }
}
