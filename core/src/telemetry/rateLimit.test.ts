import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createEventId, telemetryCode } from './event.js'
import { createRateLimiter } from './rateLimit.js'

const RUNS = { numRuns: 1_000 }

describe('the 5-a-minute limiter', () => {
  it('lets 5 through in a minute, drops the 6th, and lets one more through 60 000 ms after the first', () => {
    const limiter = createRateLimiter({ limit: 5, windowMs: 60_000 })
    expect([0, 1, 2, 3, 4].map((t) => limiter.take(t))).toEqual([true, true, true, true, true])
    expect(limiter.take(59_999)).toBe(false)
    expect(limiter.take(60_000)).toBe(true)
    expect(limiter.take(60_000)).toBe(false)
    expect(limiter.take(60_001)).toBe(true)
  })

  it('never lets more than 5 through in any minute, and drops only when 5 went in the last one', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 200_000 }), { maxLength: 60 }), (gaps) => {
        const limiter = createRateLimiter({ limit: 5, windowMs: 60_000 })
        let now = 0
        const accepted: number[] = []
        for (const gap of gaps) {
          now += gap
          const recent = accepted.filter((time) => now - time < 60_000).length
          const taken = limiter.take(now)
          // Taken exactly when fewer than 5 went out in the minute before.
          if (taken !== recent < 5) return false
          if (taken) accepted.push(now)
        }
        return accepted.every(
          (start) => accepted.filter((t) => t >= start && t - start < 60_000).length <= 5,
        )
      }),
      RUNS,
    )
  })

  it('sends less, never more, when the clock goes back: set back counts as no time passing', () => {
    const limiter = createRateLimiter({ limit: 5, windowMs: 60_000 })
    expect([0, 1, 2, 3, 60_004].map((t) => limiter.take(t))).toEqual([true, true, true, true, true])
    // Back to 0: still within the minute of the last four.
    expect([0, 0, 0, 0].map((t) => limiter.take(t))).toEqual([true, true, true, true])
    expect(limiter.take(0)).toBe(false)
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -100_000, max: 100_000 }), { maxLength: 40 }),
        (times) => {
          const limiter = createRateLimiter({ limit: 5, windowMs: 60_000 })
          let latest = Number.NEGATIVE_INFINITY
          const accepted: number[] = []
          for (const time of times) {
            latest = Math.max(latest, time)
            if (limiter.take(time)) accepted.push(latest)
          }
          // In the limiter's own (never decreasing) time, any minute holds at most 5.
          return accepted.every(
            (start) => accepted.filter((t) => t >= start && t - start < 60_000).length <= 5,
          )
        },
      ),
      RUNS,
    )
  })
})

describe('what an event may carry', () => {
  it('keeps identifiers: alert and error codes, message keys', () => {
    for (const code of ['SWITCH_NETWORK_NOT_FOUND', 'history.fetchFailed', 'error.API_TIMEOUT']) {
      expect(telemetryCode(code)).toBe(code)
    }
  })

  it('sends OTHER for anything that is not an identifier of at most 64 characters', () => {
    for (const code of [
      '',
      'Payment to alice@example.com failed',
      '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266 failed',
      'a'.repeat(65),
      '1abc',
      undefined,
      42,
    ]) {
      expect(telemetryCode(code)).toBe('OTHER')
    }
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.anything()), (value) => {
        const code = telemetryCode(value)
        return (
          code === 'OTHER' ||
          (code === value && /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/.test(code) && !code.includes('@'))
        )
      }),
      RUNS,
    )
  })

  it('makes event ids that are version 4 UUIDs, whatever the random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 16, maxLength: 16 }), (bytes) => {
        const id = createEventId((target) => target.set(bytes))
        return /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id)
      }),
      RUNS,
    )
  })
})
