import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import { PorticoError } from '../errors/index.js'
import { lazyModule } from './lazy.js'

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

  it("builds each client's part once, after the code arrived, and nothing when it failed", async () => {
    const { importer, fetches } = slowImporter()
    const code = lazyModule('names', importer)
    const create = vi.fn((module: Module) => ({ doubled: module.answer * 2 }))
    const partOfA = code.instance(create)
    const partOfB = code.instance(create)

    const failed = partOfA.get().catch((error: PorticoError) => error.code)
    fetches[0]?.reject(new Error('offline'))
    expect(await failed).toBe('MODULE_LOAD_FAILED')
    expect(create).not.toHaveBeenCalled()
    expect(partOfA.current()).toBeUndefined()

    const [a1, a2] = [partOfA.get(), partOfA.get()]
    fetches[1]?.resolve({ answer: 21 })
    const a = await a1
    expect(a).toEqual({ doubled: 42 })
    expect(await a2).toBe(a)
    expect(await partOfA.get()).toBe(a)
    expect(partOfA.current()).toBe(a)
    expect(create).toHaveBeenCalledTimes(1)

    // Another client: its own part, from the code already here (no second fetch).
    const b = await partOfB.get()
    expect(b).not.toBe(a)
    expect(create).toHaveBeenCalledTimes(2)
    expect(importer).toHaveBeenCalledTimes(2)
  })

  it('runs a task at once when the part is built, after the code arrives otherwise', async () => {
    const { fetches, importer } = slowImporter()
    const part = lazyModule('history', importer).instance((module) => ({ calls: [module.answer] }))
    const ran: string[] = []
    const first = part.use((value) => {
      ran.push('first')
      return value.calls.length
    })
    expect(ran).toEqual([])
    fetches[0]?.resolve({ answer: 7 })
    expect(await first).toBe(1)
    expect(ran).toEqual(['first'])

    // Built: the task runs in the caller's turn, as it would without lazy loading.
    const second = part.use(() => ran.push('second'))
    expect(ran).toEqual(['first', 'second'])
    expect(await second).toBe(2)
    // A task that throws or rejects gives a rejected promise, never a synchronous throw.
    const thrown = part.use(() => {
      throw new Error('broken')
    })
    await expect(thrown).rejects.toThrow('broken')
    await expect(part.use(async () => Promise.reject(new Error('late')))).rejects.toThrow('late')
  })

  it('a task waiting for code that cannot be fetched rejects with MODULE_LOAD_FAILED and never runs', async () => {
    const { fetches, importer } = slowImporter()
    const part = lazyModule('wallets', importer).instance(() => ({}))
    const task = vi.fn()
    const waiting = part.use(task).catch((error: PorticoError) => error.code)
    fetches[0]?.reject(new Error('offline'))
    expect(await waiting).toBe('MODULE_LOAD_FAILED')
    expect(task).not.toHaveBeenCalled()
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
