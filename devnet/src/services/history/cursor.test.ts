import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compareKeys, decodeCursor, encodeCursor, type HistoryKey } from './cursor.js'

const key: fc.Arbitrary<HistoryKey> = fc.record({
  t: fc.nat(),
  c: fc.nat(),
  b: fc.nat(),
  i: fc.nat(),
})

describe('history cursor', () => {
  it('round-trips every key', () => {
    fc.assert(
      fc.property(key, (k) => {
        expect(decodeCursor(encodeCursor(k))).toEqual(k)
      }),
    )
  })

  it('decodes anything else to null or a well-formed key, never throws', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const decoded = decodeCursor(text)
        if (decoded) {
          for (const n of Object.values(decoded))
            expect(Number.isSafeInteger(n) && n >= 0).toBe(true)
        }
      }),
    )
    const json = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
    for (const bad of [json([1, 2, 3]), json([1, 2, 3, -1]), json([1, 2, 3, 1.5]), json({}), '!']) {
      expect(decodeCursor(bad)).toBeNull()
    }
  })

  it('orders newest first: later block time, then lower chain id, then later block and position', () => {
    fc.assert(
      fc.property(key, key, (a, b) => {
        expect(Math.sign(compareKeys(a, b)) + Math.sign(compareKeys(b, a))).toBe(0)
      }),
    )
    expect(compareKeys({ t: 2, c: 9, b: 0, i: 0 }, { t: 1, c: 1, b: 9, i: 9 })).toBeLessThan(0)
    expect(compareKeys({ t: 1, c: 1, b: 0, i: 0 }, { t: 1, c: 2, b: 9, i: 9 })).toBeLessThan(0)
    expect(compareKeys({ t: 1, c: 1, b: 5, i: 0 }, { t: 1, c: 1, b: 4, i: 9 })).toBeLessThan(0)
  })
})
