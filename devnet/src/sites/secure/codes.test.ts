import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createCodeStore } from './codes.js'

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(new Date('2026-01-01T00:00:00Z'))
})
afterEach(() => {
  vi.useRealTimers()
})

describe('one-time codes', () => {
  it('are 6 digits, leading zeros kept', () => {
    const store = createCodeStore()
    for (let i = 0; i < 200; i++) {
      expect(store.issue(`user${i}@example.com`, 'login').code).toMatch(/^\d{6}$/)
    }
    const padded = createCodeStore({ generate: () => '000042' })
    expect(padded.issue('a@example.com', 'login').code).toBe('000042')
  })

  it('expire 5 minutes after they were sent', async () => {
    const store = createCodeStore({ generate: () => '123456' })
    store.issue('a@example.com', 'login')
    await vi.advanceTimersByTimeAsync(5 * 60_000 - 1)
    expect(store.check('a@example.com', 'login', '123456')).toEqual({ ok: true })

    store.issue('a@example.com', 'login')
    await vi.advanceTimersByTimeAsync(5 * 60_000)
    expect(store.check('a@example.com', 'login', '123456')).toEqual({
      ok: false,
      reason: 'expired',
    })
    // An expired code is gone: asking again finds none.
    expect(store.check('a@example.com', 'login', '123456')).toEqual({ ok: false, reason: 'none' })
  })

  it('allow 3 tries: two wrong answers leave the right one usable', () => {
    const store = createCodeStore({ generate: () => '123456' })
    store.issue('a@example.com', 'login')
    expect(store.check('a@example.com', 'login', '000000')).toEqual({
      ok: false,
      reason: 'invalid',
      triesLeft: 2,
    })
    expect(store.check('a@example.com', 'login', '111111')).toEqual({
      ok: false,
      reason: 'invalid',
      triesLeft: 1,
    })
    expect(store.check('a@example.com', 'login', '123456')).toEqual({ ok: true })
    // Spent by its first right answer.
    expect(store.check('a@example.com', 'login', '123456')).toEqual({ ok: false, reason: 'none' })
  })

  it('are void after the third wrong answer, even for the right code', () => {
    const store = createCodeStore({ generate: () => '123456' })
    store.issue('a@example.com', 'login')
    store.check('a@example.com', 'login', '000000')
    store.check('a@example.com', 'login', '000001')
    expect(store.check('a@example.com', 'login', '000002')).toEqual({
      ok: false,
      reason: 'too-many',
    })
    expect(store.check('a@example.com', 'login', '123456')).toEqual({ ok: false, reason: 'none' })
  })

  it('are replaced by a newer one, with fresh tries and expiry', async () => {
    const codes = ['111111', '222222']
    const store = createCodeStore({ generate: () => codes.shift() ?? '999999' })
    store.issue('a@example.com', 'login')
    store.check('a@example.com', 'login', '000000')
    store.check('a@example.com', 'login', '000000')
    await vi.advanceTimersByTimeAsync(4 * 60_000)
    store.issue('a@example.com', 'login')
    expect(store.check('a@example.com', 'login', '111111')).toMatchObject({ triesLeft: 2 })
    await vi.advanceTimersByTimeAsync(4 * 60_000)
    expect(store.check('a@example.com', 'login', '222222')).toEqual({ ok: true })
  })

  it('are kept apart by address and purpose', () => {
    const store = createCodeStore({ generate: () => '123456' })
    store.issue('a@example.com', 'login')
    expect(store.check('b@example.com', 'login', '123456')).toEqual({ ok: false, reason: 'none' })
    expect(store.check('a@example.com', 'update-primary', '123456')).toEqual({
      ok: false,
      reason: 'none',
    })
    expect(store.check('a@example.com', 'login', '123456')).toEqual({ ok: true })
  })
})
