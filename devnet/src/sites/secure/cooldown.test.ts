import { cooldownMessage } from '@portico/core/internal'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createCooldown } from './cooldown.js'

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(new Date('2026-01-01T00:00:00Z'))
})
afterEach(() => {
  vi.useRealTimers()
})

describe('email login cooldown', () => {
  it('allows one login mail per address every 30 s, saying how long to wait, rounded up', async () => {
    const cooldown = createCooldown()
    expect(cooldown.take('a@example.com')).toEqual({ ok: true })
    expect(cooldown.take('a@example.com')).toEqual({
      ok: false,
      remainingMs: 30_000,
      message: 'Please try again after 30 seconds',
    })
    await vi.advanceTimersByTimeAsync(500)
    expect(cooldown.take('a@example.com')).toMatchObject({
      message: 'Please try again after 30 seconds',
    })
    await vi.advanceTimersByTimeAsync(28_501)
    expect(cooldown.take('a@example.com')).toMatchObject({
      remainingMs: 999,
      message: 'Please try again after 1 seconds',
    })
    // Another address is not held back.
    expect(cooldown.take('b@example.com')).toEqual({ ok: true })
    await vi.advanceTimersByTimeAsync(999)
    expect(cooldown.take('a@example.com')).toEqual({ ok: true })
  })

  it('is lifted for an address whose login completed', () => {
    const cooldown = createCooldown()
    cooldown.take('a@example.com')
    cooldown.clear('a@example.com')
    expect(cooldown.take('a@example.com')).toEqual({ ok: true })
  })

  it('words the wait as the SDK does', () => {
    expect(cooldownMessage(29_001)).toBe('Please try again after 30 seconds')
    expect(cooldownMessage(29_000)).toBe('Please try again after 29 seconds')
    expect(cooldownMessage(1)).toBe('Please try again after 1 seconds')
  })
})
