import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createMemoryStore } from './store.js'

describe('memory store', () => {
  it('lets a nonce be taken once; given back, it can be taken again', async () => {
    const store = createMemoryStore({ now: () => 1_000 })
    await store.addNonce('n1', 2_000, 3_000)
    // While the first attempt is being checked, a second one with the same nonce is a replay.
    expect(await store.takeNonce('n1')).toEqual({ ok: true, expiresAt: 2_000 })
    expect(await store.takeNonce('n1')).toEqual({ ok: false, reason: 'used' })
    await store.returnNonce('n1', 2_000, 3_000)
    expect(await store.takeNonce('n1')).toEqual({ ok: true, expiresAt: 2_000 })
    expect(await store.takeNonce('n2')).toEqual({ ok: false, reason: 'unknown' })
  })

  it('forgets nonces once kept long enough and, past the limit, the oldest ones', async () => {
    let now = 0
    const store = createMemoryStore({ now: () => now, maxNonces: 3 })
    for (const nonce of ['a', 'b', 'c', 'd']) await store.addNonce(nonce, 100, 200)
    expect(store.size().nonces).toBe(3)
    expect(await store.takeNonce('a')).toEqual({ ok: false, reason: 'unknown' })
    expect((await store.takeNonce('d')).ok).toBe(true)
    now = 199
    expect(await store.takeNonce('d')).toEqual({ ok: false, reason: 'used' })
    now = 200
    expect(await store.takeNonce('b')).toEqual({ ok: false, reason: 'unknown' })
    await store.addNonce('e', 300, 400)
    expect(store.size().nonces).toBe(1)
  })

  it('revokes a token id once, until its expiry', async () => {
    let now = 0
    const store = createMemoryStore({ now: () => now })
    expect(await store.isRevoked('j')).toBe(false)
    expect(await store.revoke('j', 1_000)).toBe(true)
    expect(await store.revoke('j', 1_000)).toBe(false)
    expect(await store.isRevoked('j')).toBe(true)
    now = 1_000
    expect(await store.isRevoked('j')).toBe(false)
    await store.revoke('k', 2_000)
    expect(store.size().revoked).toBe(1)
  })

  it('never lets one nonce be taken twice at once, whatever the order of attempts and clock moves', async () => {
    type Step =
      | { kind: 'issue' }
      | { kind: 'try'; pick: number; outcome: 'keep' | 'return' }
      | { kind: 'tick'; ms: number }
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.constant({ kind: 'issue' as const }),
      fc.record({
        kind: fc.constant('try' as const),
        pick: fc.nat(),
        outcome: fc.constantFrom('keep' as const, 'return' as const),
      }),
      fc.record({ kind: fc.constant('tick' as const), ms: fc.integer({ min: 0, max: 1_000 }) }),
    )
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 60 }), async (steps) => {
        let now = 0
        const store = createMemoryStore({ now: () => now })
        const issued: { nonce: string; keepUntil: number }[] = []
        const kept = new Set<string>()
        for (const s of steps) {
          if (s.kind === 'issue') {
            const nonce = `n${issued.length}`
            issued.push({ nonce, keepUntil: now + 1_000 })
            await store.addNonce(nonce, now + 500, now + 1_000)
          } else if (s.kind === 'tick') now += s.ms
          else if (issued.length > 0) {
            const { nonce, keepUntil } = issued[s.pick % issued.length] as (typeof issued)[number]
            const taken = await store.takeNonce(nonce)
            if (taken.ok) {
              expect(now).toBeLessThan(keepUntil)
              expect(kept.has(nonce)).toBe(false)
              if (s.outcome === 'keep') kept.add(nonce)
              else await store.returnNonce(nonce, taken.expiresAt, keepUntil)
            } else if (now < keepUntil && kept.has(nonce)) {
              expect(taken.reason).toBe('used')
            }
          }
        }
      }),
      { numRuns: 1000 },
    )
  })
})
