/**
 * The fetch of a module the SDK loads with `import()`, under a test's control: let through, held
 * until the test opens it, or failing as a browser's fetch of a lost chunk fails. A test file
 * creates it in `vi.hoisted` and awaits `arrive()` in the `vi.mock` factory of that module:
 *
 *   const fetchOfFlow = await vi.hoisted(async () =>
 *     (await import('../test-utils/moduleFetch.js')).createModuleFetch(),
 *   )
 *   vi.mock('./lazy.js', async (original) => {
 *     await fetchOfFlow.arrive()
 *     return original()
 *   })
 *
 * Once a fetch succeeded, the module stays loaded for the rest of the file.
 */
export function createModuleFetch() {
  let release: Promise<void> = Promise.resolve()
  const state = {
    /** The next fetches fail (until set back to false). */
    fail: false,
    /** Holds the next fetch until the returned function is called. */
    hold(): () => void {
      let open!: () => void
      release = new Promise((resolve) => {
        open = resolve
      })
      return open
    },
    /** What the mocked module waits for before it loads, or throws as a failed fetch does. */
    async arrive(): Promise<void> {
      await release
      if (state.fail) throw new TypeError('Failed to fetch dynamically imported module')
    },
  }
  return state
}
