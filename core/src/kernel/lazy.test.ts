import fc from 'fast-check'
import { atom } from 'nanostores'
import { describe, expect, it, vi } from 'vitest'
import { PorticoError } from '../errors/index.js'
import { testNetworks } from '../test-utils/networks.js'
import { idleState, successState } from './async.js'
import { createClient, loadFeatureCode } from './createClient.js'
import { defineFeature, type LazyContext } from './feature.js'
import { lazyModule, moduleLoadFailed } from './lazy.js'

type Module = { answer: number }

/** An importer whose fetches the test settles by hand, like a chunk on a slow network. */
function slowImporter() {
  const fetches: { resolve(module: Module): void; reject(error: unknown): void }[] = []
  const importer = vi.fn(
    () =>
      new Promise<Module>((resolve, reject) => {
        fetches.push({ resolve, reject })
      }),
  )
  return { importer, fetches }
}

describe('lazyModule', () => {
  it('fetches nothing until used, then once for every caller', async () => {
    const { importer, fetches } = slowImporter()
    const code = lazyModule('send', importer)
    expect(importer).not.toHaveBeenCalled()
    expect(code.loaded()).toBeUndefined()
    const first = code.load()
    const second = code.load()
    expect(importer).toHaveBeenCalledTimes(1)
    expect(code.loaded()).toBeUndefined()
    const module = { answer: 42 }
    fetches[0]?.resolve(module)
    expect(await first).toBe(module)
    expect(await second).toBe(module)
    expect(code.loaded()).toBe(module)
    expect(await code.load()).toBe(module)
    expect(importer).toHaveBeenCalledTimes(1)
  })

  it('turns a failed fetch into MODULE_LOAD_FAILED naming the part, and fetches again next time', async () => {
    const { importer, fetches } = slowImporter()
    const code = lazyModule('history', importer)
    const failed = code.load().catch((error: unknown) => error)
    const offline = new TypeError('Failed to fetch dynamically imported module')
    fetches[0]?.reject(offline)
    const error = (await failed) as PorticoError
    expect(error).toBeInstanceOf(PorticoError)
    expect(error.code).toBe('MODULE_LOAD_FAILED')
    expect(error.message).toBe('The history code could not be loaded')
    expect(error.details).toEqual({ module: 'history' })
    expect(error.cause).toBe(offline)
    expect(code.loaded()).toBeUndefined()

    const retry = code.load()
    expect(importer).toHaveBeenCalledTimes(2)
    fetches[1]?.resolve({ answer: 1 })
    expect(await retry).toEqual({ answer: 1 })
  })

  it('can name what the user reads when it fails', async () => {
    const code = lazyModule(
      'swap',
      () => Promise.reject(new Error('offline')),
      moduleLoadFailed('swap', { key: 'swap.loadFailed' }),
    )
    await expect(code.load()).rejects.toMatchObject({
      code: 'MODULE_LOAD_FAILED',
      message: 'The swap code could not be loaded',
      details: { module: 'swap', message: { key: 'swap.loadFailed' } },
    })
  })
  it('whatever fails before it works: one fetch per attempt, every caller of an attempt answered alike', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ ok: fc.boolean(), callers: fc.integer({ min: 1, max: 4 }) }), {
          minLength: 1,
          maxLength: 6,
        }),
        async (attempts) => {
          let fetches = 0
          let failNext = false
          const code = lazyModule('any', async () => {
            fetches++
            if (failNext) throw new Error('offline')
            return { answer: fetches }
          })
          let expected = 0
          let loaded: Module | undefined
          for (const { ok, callers } of attempts) {
            failNext = !ok
            const outcomes = await Promise.all(
              Array.from({ length: callers }, () =>
                code.load().then(
                  (module) => module,
                  (error: PorticoError) => error.code,
                ),
              ),
            )
            // Once loaded, never fetched again; before, one fetch per attempt.
            if (!loaded) expected++
            expect(fetches).toBe(expected)
            const first = outcomes[0]
            for (const outcome of outcomes) expect(outcome).toBe(first)
            if (!loaded && ok) loaded = first as Module
            if (loaded) expect(first).toBe(loaded)
            else expect(first).toBe('MODULE_LOAD_FAILED')
            expect(code.loaded()).toBe(loaded)
          }
        },
      ),
      { numRuns: 1_000 },
    )
  })
})

type Half = { doubled: number; calls: string[]; add(name: string): Promise<number>; ping(): string }
type HalfModule = { createLazy(context: LazyContext, shell: { base: number }): Half }

/** A feature with a heavy half whose code the test hands over by hand, like a slow chunk. */
function featureWithHalf<const N extends string>(
  name: N,
  options: { lazyError?: { key: string } } = {},
) {
  const fetches: { resolve(): void; reject(error: unknown): void }[] = []
  const built = vi.fn()
  const module: HalfModule = {
    createLazy(context, shell) {
      built(shell)
      const calls: string[] = []
      return {
        doubled: shell.base * 2,
        calls,
        add: async (call) => calls.push(call),
        ping: () => `pong from ${context.options.projectId}`,
      }
    },
  }
  const importer = vi.fn(
    () =>
      new Promise<HalfModule>((resolve, reject) => {
        fetches.push({ resolve: () => resolve(module), reject })
      }),
  )
  const feature = defineFeature({
    name,
    lazy: importer,
    lazyError: options.lazyError,
    create(_context, _options, lazy) {
      const $shown = atom(idleState<number>())
      const half = lazy({ base: 21 })
      half.whileShown($shown, (value) => {
        $shown.set(successState(value.doubled))
        return () => $shown.set(idleState())
      })
      return { public: { half, $shown, ...half.actions('add', 'ping') } }
    },
  })
  return { feature, importer, fetches, built }
}

const clientInput = {
  networks: testNetworks,
  storage: 'memory' as const,
  logLevel: 'silent' as const,
  projectId: 'p1',
}

describe("a feature's heavy half (`lazy` in defineFeature)", () => {
  it('is fetched on first use, once per page, and built once per client with what the shell handed it', async () => {
    const { feature, importer, fetches, built } = featureWithHalf('heavy')
    const a = createClient([feature], clientInput)
    const b = createClient([feature], clientInput)
    expect(importer).not.toHaveBeenCalled()
    expect(a.heavy.half.current()).toBeUndefined()

    const first = a.heavy.add('one')
    const second = a.heavy.add('two')
    expect(importer).toHaveBeenCalledTimes(1)
    fetches[0]?.resolve()
    expect(await first).toBe(1)
    expect(await second).toBe(2)
    expect(a.heavy.half.current()?.calls).toEqual(['one', 'two'])
    expect(built).toHaveBeenCalledTimes(1)
    expect(built).toHaveBeenCalledWith({ base: 21 })

    // Another client builds its own half from the code already here.
    expect(await b.heavy.ping()).toBe('pong from p1')
    expect(importer).toHaveBeenCalledTimes(1)
    expect(built).toHaveBeenCalledTimes(2)
    expect(b.heavy.half.current()).not.toBe(a.heavy.half.current())
    a.destroy()
    b.destroy()
  })

  it('forwards an action in the caller’s turn once built, and rejects (never throws) when it fails', async () => {
    const { feature, fetches } = featureWithHalf('turn')
    const client = createClient([feature], clientInput)
    const loading = client.turn.half.get()
    fetches[0]?.resolve()
    const half = await loading
    const adding = client.turn.add('now')
    expect(half.calls).toEqual(['now'])
    await adding
    const broken = vi.spyOn(half, 'ping').mockImplementation(() => {
      throw new Error('broken')
    })
    await expect(client.turn.ping()).rejects.toThrow('broken')
    broken.mockRestore()
    client.destroy()
  })

  it('fails with MODULE_LOAD_FAILED (the feature’s message when it has one), builds nothing, and fetches again next time', async () => {
    const { feature, importer, fetches, built } = featureWithHalf('flaky', {
      lazyError: { key: 'flaky.loadFailed' },
    })
    const client = createClient([feature], clientInput)
    const failed = client.flaky.add('x').catch((error: PorticoError) => error)
    fetches[0]?.reject(new TypeError('Failed to fetch dynamically imported module'))
    expect(await failed).toMatchObject({
      code: 'MODULE_LOAD_FAILED',
      message: 'The flaky code could not be loaded',
      details: { module: 'flaky', message: { key: 'flaky.loadFailed' } },
    })
    expect(built).not.toHaveBeenCalled()

    const retry = client.flaky.add('y')
    expect(importer).toHaveBeenCalledTimes(2)
    fetches[1]?.resolve()
    expect(await retry).toBe(1)
    client.destroy()
  })

  it('follows a store while it is shown, and shows the load error in an async store', async () => {
    vi.useFakeTimers()
    try {
      const shown = featureWithHalf('shown')
      const client = createClient([shown.feature], clientInput)
      // Nothing for a store read once (get() shows it for an instant), the code for one shown.
      client.shown.$shown.get()
      await Promise.resolve()
      expect(shown.importer).not.toHaveBeenCalled()
      const stop = client.shown.$shown.listen(() => undefined)
      await Promise.resolve()
      expect(shown.importer).toHaveBeenCalledTimes(1)
      shown.fetches[0]?.resolve()
      await vi.waitFor(() => expect(client.shown.$shown.get().data).toBe(42))
      stop()
      await vi.advanceTimersByTimeAsync(1_000) // nanostores unmounts a store 1 s after its last listener
      // Read without get(), which would show the store again for a moment.
      expect(client.shown.$shown.value?.status).toBe('idle')
      client.destroy()

      const offline = featureWithHalf('offline')
      const other = createClient([offline.feature], clientInput)
      const unlisten = other.offline.$shown.listen(() => undefined)
      await Promise.resolve()
      offline.fetches[0]?.reject(new Error('offline'))
      await vi.waitFor(() => expect(other.offline.$shown.get().status).toBe('error'))
      expect(other.offline.$shown.get().error?.code).toBe('MODULE_LOAD_FAILED')
      unlisten()
      other.destroy()
    } finally {
      vi.useRealTimers()
    }
  })

  it('once its code is here, a new client builds its half in the turn it is first used', async () => {
    const { feature, fetches, built } = featureWithHalf('ready')
    const first = createClient([feature], clientInput)
    const loading = loadFeatureCode(feature)
    fetches[0]?.resolve()
    await loading
    expect(built).not.toHaveBeenCalled()
    const second = createClient([feature], clientInput)
    const adding = second.ready.add('now')
    // No microtask in between: the half exists and did the work.
    expect(second.ready.half.current()?.calls).toEqual(['now'])
    await adding
    // A store shown while the code is here is followed a microtask later.
    const stop = second.ready.$shown.listen(() => undefined)
    await Promise.resolve()
    expect(second.ready.$shown.get().data).toBe(42)
    stop()
    expect(built).toHaveBeenCalledTimes(1)
    first.destroy()
    second.destroy()
  })

  it('is not built for a client destroyed while its code was on the way', async () => {
    const { feature, fetches, built } = featureWithHalf('late')
    const client = createClient([feature], clientInput)
    const pending = client.late.add('x').catch((error: PorticoError) => error.code)
    client.destroy()
    fetches[0]?.resolve()
    expect(await pending).toBe('ABORTED')
    expect(built).not.toHaveBeenCalled()
  })

  it('refuses a shell that binds a half the feature did not declare', () => {
    const shellOnly = defineFeature({
      name: 'shellOnly',
      create(_context, _options, lazy) {
        lazy(undefined as never)
        return { public: {} }
      },
    })
    expect(() => createClient([shellOnly], clientInput)).toThrow('shellOnly declares no lazy half')
  })
})
