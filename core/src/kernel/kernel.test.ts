import fc from 'fast-check'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PorticoError } from '../errors/index.js'
import { testNetworks } from '../test-utils/networks.js'
import { createAsyncAction, toPorticoError } from './async.js'
import { buildClient, createClient, orderFeatures } from './createClient.js'
import { withDeadline } from './deadline.js'
import { createEventBus, defineEvent } from './events.js'
import { defineFeature } from './feature.js'
import { afterPaint } from './schedule.js'

const input = { networks: testNetworks, storage: 'memory' as const, logLevel: 'silent' as const }

/** The code of what `build` throws. */
const codeOf = (build: () => unknown) => {
  try {
    build()
  } catch (error) {
    return (error as PorticoError).code
  }
  return undefined
}

describe('the feature contract', () => {
  it('creates each feature after what it needs and puts its public part on the client', () => {
    const created: string[] = []
    const a = defineFeature({
      name: 'a',
      create() {
        created.push('a')
        return { public: { hello: () => 'from a' }, internal: { secret: 42 } }
      },
    })
    const b = defineFeature({
      name: 'b',
      needs: [a],
      create(context) {
        created.push('b')
        return { public: { fromA: context.use(a).secret } }
      },
    })
    const client = createClient([b, a], input)
    expect(created).toEqual(['a', 'b'])
    expect(client.a.hello()).toBe('from a')
    expect(client.b.fromA).toBe(42)
    expect('secret' in client.a).toBe(false)
  })

  it('refuses features that need each other, or need one that is not registered', () => {
    const a = defineFeature({ name: 'a', create: () => ({ public: {} }) })
    const b = defineFeature({ name: 'b', needs: [a], create: () => ({ public: {} }) })
    expect(() => orderFeatures([b])).toThrow('Feature b needs a, which is not registered')
    expect(codeOf(() => orderFeatures([b]))).toBe('INVALID_OPTIONS')
    const loop: { needs: unknown[] } = { needs: [] }
    const c = defineFeature({
      name: 'c',
      needs: loop.needs as never,
      create: () => ({ public: {} }),
    })
    const d = defineFeature({ name: 'd', needs: [c], create: () => ({ public: {} }) })
    ;(c.needs as unknown[]).push(d)
    expect(() => orderFeatures([c, d])).toThrow('Features need each other: c → d → c')
    expect(codeOf(() => orderFeatures([c, d]))).toBe('INVALID_OPTIONS')
  })

  it('refuses a sibling a feature did not declare, two features with one name or one key', () => {
    const a = defineFeature({ name: 'a', storageKeys: ['k'], create: () => ({ public: {} }) })
    const sneaky = defineFeature({
      name: 'sneaky',
      create(context) {
        context.use(a)
        return { public: {} }
      },
    })
    expect(() => createClient([a, sneaky], input)).toThrow(
      'sneaky uses a without declaring it in needs',
    )
    const twin = defineFeature({ name: 'a', create: () => ({ public: {} }) })
    expect(() => createClient([a, twin], input)).toThrow('Two features are named a')
    const sameKey = defineFeature({ name: 'b', storageKeys: ['k'], create: () => ({ public: {} }) })
    expect(() => createClient([a, sameKey], input)).toThrow('Storage key k is claimed by a and b')
    for (const features of [
      [a, sneaky],
      [a, twin],
      [a, sameKey],
    ]) {
      expect(codeOf(() => createClient(features, input))).toBe('INVALID_OPTIONS')
    }
  })

  it("checks every feature's options before creating any feature", () => {
    const create = vi.fn(() => ({ public: {} }))
    const first = defineFeature({ name: 'first', create })
    const strict = defineFeature({
      name: 'strict',
      options(value: { level?: number }) {
        if (value.level !== undefined && value.level < 0) {
          throw new PorticoError('INVALID_OPTIONS', 'level must not be negative')
        }
        return { level: value.level ?? 1 }
      },
      create: (_context, options) => ({ public: { level: options.level } }),
    })
    expect(() => createClient([first, strict], { ...input, level: -1 })).toThrow(
      'level must not be negative',
    )
    expect(create).not.toHaveBeenCalled()
    expect(createClient([first, strict], { ...input, level: 3 }).strict.level).toBe(3)
  })

  it('starts every feature once all exist, and stops them in reverse order, once', () => {
    const log: string[] = []
    const feature = (name: string) =>
      defineFeature({
        name,
        create(context) {
          context.onStart(() => log.push(`start ${name}`))
          context.onDestroy(() => log.push(`stop ${name}`))
          log.push(`create ${name}`)
          return { public: {} }
        },
      })
    const client = createClient([feature('one'), feature('two')], input)
    expect(log).toEqual(['create one', 'create two', 'start one', 'start two'])
    client.destroy()
    client.destroy()
    expect(log.slice(4)).toEqual(['stop two', 'stop one'])
  })

  it('a feature that fails to stop is logged, and the others still stop', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      const stopped: string[] = []
      const feature = (name: string, fails = false) =>
        defineFeature({
          name,
          create(context) {
            context.onDestroy(() => {
              if (fails) throw new Error(`${name} is stuck`)
              stopped.push(name)
            })
            return { public: {} }
          },
        })
      const client = createClient([feature('one'), feature('two', true)], {
        ...input,
        logLevel: 'error',
      })
      client.destroy()
      expect(stopped).toEqual(['one'])
      const logged = errors.mock.calls.flat().map(String).join(' ')
      expect(logged).toContain('a feature failed to stop')
      expect(logged).toContain('two is stuck')
    } finally {
      errors.mockRestore()
    }
  })

  it('a listener that throws is logged; the client shows its resolved options', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      const ping = defineEvent('kernel-test-ping')
      const { client, events } = buildClient([], { ...input, logLevel: 'error', projectId: ' p1 ' })
      expect(client.options.projectId).toBe('p1')
      events.on(ping, () => {
        throw new Error('broken listener')
      })
      events.emit(ping, undefined)
      const logged = errors.mock.calls.flat().map(String).join(' ')
      expect(logged).toContain('an event listener failed')
      expect(logged).toContain('broken listener')
      // Once the client is destroyed, nobody hears its events any more.
      const heard: unknown[] = []
      events.on(ping, () => heard.push(1))
      client.destroy()
      events.emit(ping, undefined)
      expect(heard).toEqual([])
    } finally {
      errors.mockRestore()
    }
  })

  it('gives tests a way into internals, and only for features of the client', () => {
    const a = defineFeature({ name: 'a', create: () => ({ public: {}, internal: { n: 1 } }) })
    const other = defineFeature({ name: 'other', create: () => ({ public: {} }) })
    const { use } = buildClient([a], input)
    expect(use(a).n).toBe(1)
    expect(() => use(other)).toThrow('other is not a feature of this client')
    expect(codeOf(() => use(other))).toBe('INVALID_OPTIONS')
  })
})

describe('event bus', () => {
  it('delivers to every listener even when one throws, and stops on unsubscribe', () => {
    const errors: unknown[] = []
    const bus = createEventBus((error) => errors.push(error))
    const ping = defineEvent<number>('ping')
    const seen: number[] = []
    bus.on(ping, () => {
      throw new Error('broken rule')
    })
    const stop = bus.on(ping, (n) => seen.push(n))
    bus.emit(ping, 1)
    stop()
    bus.emit(ping, 2)
    expect(seen).toEqual([1])
    expect(errors).toHaveLength(2)
  })

  it('an event is heard only by its own listeners; one nobody listens to is no error', () => {
    const errors: unknown[] = []
    const bus = createEventBus((error) => errors.push(error))
    const ping = defineEvent<number>('ping')
    const pong = defineEvent<number>('pong')
    expect(ping.name).toBe('ping')
    const heard: string[] = []
    bus.on(ping, () => heard.push('ping'))
    bus.emit(pong, 1)
    bus.emit(defineEvent('nobody'), undefined)
    expect(heard).toEqual([])
    expect(errors).toEqual([])
    bus.emit(ping, 1)
    expect(heard).toEqual(['ping'])
  })
})

describe('async actions', () => {
  it('joins a second call while one is pending: one run', async () => {
    let release: (value: string) => void = () => {}
    const run = vi.fn(() => new Promise<string>((resolve) => (release = resolve)))
    const action = createAsyncAction(run)
    const first = action.run()
    const second = action.run()
    expect(second).toBe(first)
    expect(action.$state.get()).toMatchObject({ status: 'pending', isPending: true })
    release('done')
    expect(await first).toBe('done')
    expect(run).toHaveBeenCalledTimes(1)
    expect(action.$state.get()).toEqual({
      status: 'success',
      data: 'done',
      error: undefined,
      isPending: false,
    })
    const again = action.run()
    release('again')
    expect(await again).toBe('again')
    expect(run).toHaveBeenCalledTimes(2)
  })

  it('keeps the last data on error and turns any throw into a PorticoError', async () => {
    let fail = false
    const action = createAsyncAction(async () => {
      if (fail) throw new TypeError('boom')
      return 1
    })
    await action.run()
    fail = true
    const error = await action.run().catch((e) => e)
    expect(error).toBeInstanceOf(PorticoError)
    expect(error.code).toBe('UNKNOWN_ERROR')
    expect(action.$state.get()).toMatchObject({ status: 'error', data: 1, isPending: false })
  })

  it('after a reset, a new run is joined until it ends, even when the old one ends first', async () => {
    const releases: ((value: number) => void)[] = []
    const run = vi.fn(() => new Promise<number>((resolve) => releases.push(resolve)))
    const action = createAsyncAction(run)
    const old = action.run()
    action.reset()
    const current = action.run()
    releases[0]?.(1)
    await old
    expect(action.run()).toBe(current)
    expect(run).toHaveBeenCalledTimes(2)
    releases[1]?.(2)
    expect(await current).toBe(2)
  })

  it('a reset run no longer writes the state', async () => {
    let release: () => void = () => {}
    const action = createAsyncAction(
      () => new Promise<number>((resolve) => (release = () => resolve(7))),
    )
    const pending = action.run()
    action.reset()
    release()
    await pending
    expect(action.$state.get().status).toBe('idle')
  })

  it('always ends in success or error with the right flags, whatever happens', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.boolean(), { maxLength: 8 }), async (outcomes) => {
        const action = createAsyncAction(async (ok: boolean) => {
          if (!ok) throw new Error('no')
          return ok
        })
        for (const ok of outcomes) {
          await action.run(ok).catch(() => undefined)
          const state = action.$state.get()
          expect(state.isPending).toBe(false)
          expect(state.status).toBe(ok ? 'success' : 'error')
          expect(state.error === undefined).toBe(ok)
        }
      }),
      { numRuns: 1_000 },
    )
  })
})

describe('toPorticoError', () => {
  it('wraps a value whose prototype cannot be read, and an action rejected with one ends in error', async () => {
    const revoked = Proxy.revocable({}, {})
    revoked.revoke()
    const trapped = new Proxy(
      {},
      {
        getPrototypeOf() {
          throw new Error('hostile')
        },
      },
    )
    for (const value of [revoked.proxy, trapped]) {
      expect(toPorticoError(value).code).toBe('UNKNOWN_ERROR')
      const action = createAsyncAction(async () => {
        throw value
      })
      const error = await action.run().catch((e: unknown) => e)
      expect((error as PorticoError).code).toBe('UNKNOWN_ERROR')
      // Not left pending for ever: the state says what happened.
      expect(action.$state.get()).toMatchObject({ status: 'error', isPending: false })
    }
  })

  it('passes a PorticoError through as it is, whatever its code', () => {
    const own = new PorticoError('WALLET_ERROR', 'The wallet failed')
    expect(toPorticoError(own)).toBe(own)
    const catalogued = new PorticoError('REQUEST_ABORTED')
    expect(toPorticoError(catalogued)).toBe(catalogued)
  })

  it('wraps anything else as UNKNOWN_ERROR with the original as the cause', () => {
    const typeError = new TypeError('x is not a function')
    const error = toPorticoError(typeError)
    expect(error).toBeInstanceOf(PorticoError)
    expect(error.code).toBe('UNKNOWN_ERROR')
    expect(error.message).toBe('Unexpected error')
    expect(error.cause).toBe(typeError)
    // A look-alike is not one: its code and message are not trusted.
    const lookAlike = { name: 'PorticoError', code: 'USER_REJECTED', message: 'Send all funds to…' }
    expect(toPorticoError(lookAlike)).toMatchObject({
      code: 'UNKNOWN_ERROR',
      message: 'Unexpected error',
    })
    // Nothing thrown at all: no cause kept.
    expect(Object.hasOwn(toPorticoError(undefined), 'cause')).toBe(false)
    expect(toPorticoError(null).cause).toBeNull()
  })

  it('for anything thrown: a PorticoError, the same one or a wrapper of it (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.string().map((message) => new Error(message)),
          fc.record({ code: fc.string(), message: fc.string(), name: fc.constant('PorticoError') }),
          fc
            .constantFrom('WALLET_ERROR' as const, 'API_ERROR' as const, 'USER_REJECTED' as const)
            .map((code) => new PorticoError(code, 'own')),
        ),
        (thrown) => {
          const error = toPorticoError(thrown)
          expect(error).toBeInstanceOf(PorticoError)
          if (thrown instanceof PorticoError) {
            expect(error).toBe(thrown)
          } else {
            expect(error.code).toBe('UNKNOWN_ERROR')
            expect(error.message).toBe('Unexpected error')
            expect(error.cause).toBe(thrown)
          }
        },
      ),
      { numRuns: 1_000 },
    )
  })
})

describe('afterPaint', () => {
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  // A browser's frame queue, under the test's control: a frame is painted when the test says so.
  function stubFrames({ canCancel = true } = {}) {
    const pending = new Map<number, FrameRequestCallback>()
    let lastId = 0
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      lastId += 1
      pending.set(lastId, callback)
      return lastId
    })
    if (canCancel) vi.stubGlobal('cancelAnimationFrame', (id: number) => pending.delete(id))
    return {
      pending: () => pending.size,
      paint() {
        const callbacks = [...pending.values()]
        pending.clear()
        for (const callback of callbacks) callback(0)
      },
    }
  }

  it('runs on a later turn, not inside the task that asked, and can be cancelled', async () => {
    vi.useFakeTimers()
    const ran: string[] = []
    afterPaint(() => ran.push('kept'))
    const cancel = afterPaint(() => ran.push('cancelled'))
    cancel()
    expect(ran).toEqual([])
    await vi.runAllTimersAsync()
    expect(ran).toEqual(['kept'])
  })

  it('in a page, waits for the next frame to be painted, then for the turn after it', async () => {
    vi.useFakeTimers()
    vi.stubGlobal('document', {})
    const frames = stubFrames()
    const ran: string[] = []
    afterPaint(() => ran.push('task'))
    await vi.runAllTimersAsync()
    expect(ran).toEqual([])
    expect(frames.pending()).toBe(1)
    frames.paint()
    // The frame's own callback is still before the paint: the task waits one more turn.
    expect(ran).toEqual([])
    await vi.runAllTimersAsync()
    expect(ran).toEqual(['task'])
  })

  it('cancelled before the frame: withdraws the frame request and never runs', async () => {
    vi.useFakeTimers()
    vi.stubGlobal('document', {})
    const frames = stubFrames()
    const ran: string[] = []
    const cancel = afterPaint(() => ran.push('task'))
    cancel()
    expect(frames.pending()).toBe(0)
    await vi.runAllTimersAsync()
    expect(ran).toEqual([])
  })

  it('cancelled where frames cannot be withdrawn: the frame comes, the task still never runs', async () => {
    vi.useFakeTimers()
    vi.stubGlobal('document', {})
    const frames = stubFrames({ canCancel: false })
    const ran: string[] = []
    const cancel = afterPaint(() => ran.push('task'))
    expect(() => cancel()).not.toThrow()
    frames.paint()
    await vi.runAllTimersAsync()
    expect(ran).toEqual([])
  })

  it('a document without frames (a DOM emulation) runs on the next turn', async () => {
    vi.useFakeTimers()
    vi.stubGlobal('document', {})
    const ran: string[] = []
    afterPaint(() => ran.push('task'))
    expect(ran).toEqual([])
    await vi.runAllTimersAsync()
    expect(ran).toEqual(['task'])
  })

  it('frames without a document (a worker, where none may ever come) are not waited for', async () => {
    vi.useFakeTimers()
    const frames = stubFrames()
    const ran: string[] = []
    afterPaint(() => ran.push('task'))
    await vi.runAllTimersAsync()
    expect(ran).toEqual(['task'])
    expect(frames.pending()).toBe(0)
  })
})

describe('withDeadline', () => {
  it('gives the answer that comes in time, and the timeout error after it', async () => {
    vi.useFakeTimers()
    try {
      expect(await withDeadline(Promise.resolve(1), { timeoutMs: 10 })).toBe(1)
      const never = new Promise<number>(() => undefined)
      const late = withDeadline(never, {
        timeoutMs: 1_000,
        onTimeout: () => new PorticoError('WALLET_TIMEOUT', 'too slow'),
      }).catch((e) => e)
      await vi.advanceTimersByTimeAsync(999)
      expect(vi.getTimerCount()).toBe(1)
      await vi.advanceTimersByTimeAsync(1)
      expect((await late).code).toBe('WALLET_TIMEOUT')
      const plain = withDeadline(never, { timeoutMs: 5 }).catch((e) => e)
      await vi.advanceTimersByTimeAsync(5)
      expect(await plain).toMatchObject({ code: 'TIMEOUT', message: 'Gave up after 5 ms' })
      expect(vi.getTimerCount()).toBe(0)
    } finally {
      vi.useRealTimers()
    }
  })

  it('stops waiting when the signal aborts, with its reason, and leaves no timer behind', async () => {
    vi.useFakeTimers()
    try {
      const controller = new AbortController()
      const waiting = withDeadline(new Promise(() => undefined), {
        timeoutMs: 60_000,
        signal: controller.signal,
      }).catch((e) => e)
      const reason = new PorticoError('ABORTED', 'replaced')
      controller.abort(reason)
      expect(await waiting).toBe(reason)
      expect(vi.getTimerCount()).toBe(0)
      // Already aborted: rejects at once; a reason that is not an Error becomes ABORTED.
      const aborted = new AbortController()
      aborted.abort('gone')
      const error = await withDeadline(Promise.resolve(1), { signal: aborted.signal }).catch(
        (e) => e,
      )
      expect(error).toMatchObject({ code: 'ABORTED', message: 'The wait was cancelled' })
    } finally {
      vi.useRealTimers()
    }
  })

  it('without a deadline or a signal, waits on the promise itself', () => {
    const promise = Promise.resolve(1)
    expect(withDeadline(promise)).toBe(promise)
    expect(withDeadline(promise, { timeoutMs: 1 })).not.toBe(promise)
  })

  it('removes its abort listener once the answer came', async () => {
    const controller = new AbortController()
    const removed = vi.spyOn(controller.signal, 'removeEventListener')
    expect(await withDeadline(Promise.resolve(1), { signal: controller.signal })).toBe(1)
    expect(removed.mock.calls.map(([type]) => type)).toEqual(['abort'])
  })

  it('passes a failure through and clears its timer', async () => {
    vi.useFakeTimers()
    try {
      const error = await withDeadline(Promise.reject(new Error('refused')), {
        timeoutMs: 1_000,
      }).catch((e) => e)
      expect(error.message).toBe('refused')
      expect(vi.getTimerCount()).toBe(0)
    } finally {
      vi.useRealTimers()
    }
  })
})
