import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { NONCE_TTL_MS } from './constants.js'
import { createNonceStore } from './nonces.js'

describe('nonce store', () => {
  it('issues random 32-character nonces that expire after 10 minutes', () => {
    let now = 1_000_000
    const store = createNonceStore({ now: () => now })
    const issued = Array.from({ length: 50 }, () => store.issue())
    expect(new Set(issued.map((n) => n.nonce)).size).toBe(50)
    for (const { nonce, expiresAt } of issued) {
      expect(nonce).toMatch(/^[0-9a-f]{32}$/)
      expect(expiresAt).toBe(1_000_000 + 600_000)
    }
    expect(NONCE_TTL_MS).toBe(600_000)
    now += 599_999
    expect(store.reserve(issued[0]?.nonce as string).ok).toBe(true)
    now += 1
    expect(store.reserve(issued[1]?.nonce as string)).toEqual({ ok: false, reason: 'expired' })
  })

  it('lets a nonce through once: consumed, it is "used"; released, it can be tried again', () => {
    const store = createNonceStore()
    const { nonce } = store.issue()
    const first = store.reserve(nonce)
    if (!first.ok) throw new Error('refused')
    // While the first attempt is being checked, a second one with the same nonce is a replay.
    expect(store.reserve(nonce)).toEqual({ ok: false, reason: 'used' })
    first.reservation.release()
    const second = store.reserve(nonce)
    if (!second.ok) throw new Error('refused')
    second.reservation.consume()
    second.reservation.release() // too late: consumed stays consumed
    expect(store.reserve(nonce)).toEqual({ ok: false, reason: 'used' })
    expect(store.reserve('0'.repeat(32))).toEqual({ ok: false, reason: 'unknown' })
  })

  it('forgets expired nonces and, past the limit, the oldest ones', () => {
    let now = 0
    const store = createNonceStore({ now: () => now, max: 3 })
    const [a, b, c, d] = Array.from({ length: 4 }, () => store.issue().nonce)
    expect(store.size()).toBe(3)
    expect(store.reserve(a as string)).toEqual({ ok: false, reason: 'unknown' })
    expect(store.reserve(d as string).ok).toBe(true)
    now = NONCE_TTL_MS
    store.issue()
    expect(store.reserve(b as string)).toEqual({ ok: false, reason: 'unknown' })
    expect(store.reserve(c as string)).toEqual({ ok: false, reason: 'unknown' })
  })

  it('never lets one nonce be consumed twice, whatever the order of attempts and clock moves', () => {
    type Step =
      | { kind: 'issue' }
      | { kind: 'try'; pick: number; outcome: 'consume' | 'release' | 'hold' }
      | { kind: 'tick'; ms: number }
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.constant({ kind: 'issue' as const }),
      fc.record({
        kind: fc.constant('try' as const),
        pick: fc.nat(),
        outcome: fc.constantFrom('consume' as const, 'release' as const, 'hold' as const),
      }),
      fc.record({
        kind: fc.constant('tick' as const),
        ms: fc.integer({ min: 0, max: NONCE_TTL_MS }),
      }),
    )
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        let now = 0
        const store = createNonceStore({ now: () => now })
        const issued: { nonce: string; expiresAt: number }[] = []
        const consumed = new Map<string, number>()
        for (const s of steps) {
          if (s.kind === 'issue') issued.push(store.issue())
          else if (s.kind === 'tick') now += s.ms
          else if (issued.length > 0) {
            const { nonce, expiresAt } = issued[s.pick % issued.length] as (typeof issued)[number]
            const held = store.reserve(nonce)
            if (held.ok) {
              expect(now).toBeLessThan(expiresAt)
              expect(consumed.has(nonce)).toBe(false)
              if (s.outcome === 'consume') {
                held.reservation.consume()
                consumed.set(nonce, now)
              } else if (s.outcome === 'release') held.reservation.release()
              else consumed.set(nonce, now) // held forever: no one else may take it either
            }
          }
        }
      }),
      { numRuns: 1000 },
    )
  })
})
