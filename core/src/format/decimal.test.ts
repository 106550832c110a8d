import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatDecimal, parseDecimal } from './decimal.js'

describe('parseDecimal', () => {
  it('parses exactly', () => {
    expect(parseDecimal('12.5', 6)).toBe(12_500_000n)
    expect(parseDecimal('0.000001', 6)).toBe(1n)
    expect(parseDecimal('.5', 2)).toBe(50n)
    expect(parseDecimal('7', 0)).toBe(7n)
  })

  it.each(['', '.', '-1', '1e5', '1,5', 'abc', '0.0000001', ' 1 2'])(
    'refuses %j at 6 decimals',
    (v) => {
      expect(parseDecimal(v, 6)).toBeUndefined()
    },
  )

  it('round-trips with formatDecimal', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 40n }),
        fc.integer({ min: 0, max: 24 }),
        (n, d) => {
          expect(parseDecimal(formatDecimal(n, d), d)).toBe(n)
        },
      ),
    )
  })

  it('never throws', () => {
    fc.assert(fc.property(fc.string(), fc.nat(30), (v, d) => void parseDecimal(v, d)))
  })
})
