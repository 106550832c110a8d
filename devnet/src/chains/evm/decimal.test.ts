import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { fractionOf, multiply, scaleNumber, toNumber } from './decimal.js'

describe('exact price arithmetic', () => {
  it('scales a number by its decimal form, exponents included', () => {
    expect(scaleNumber(2.5, 18)).toBe(2_500_000_000_000_000_000n)
    expect(scaleNumber(1e-7, 18)).toBe(100_000_000_000n)
    expect(scaleNumber(1.5e21, 0)).toBe(1_500_000_000_000_000_000_000n)
    expect(scaleNumber(0.123456789, 3)).toBe(123n)
    expect(() => scaleNumber(-1, 18)).toThrow()
    expect(() => scaleNumber(Number.NaN, 18)).toThrow()
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e30, noNaN: true }), (value) => {
        // Exact but for the digits past the scale: back as a number, the same to 1e-18.
        const back = Number(`${scaleNumber(value, 18)}e-18`)
        expect(Math.abs(back - value)).toBeLessThanOrEqual(Math.max(1e-18, value * 1e-15))
      }),
      { numRuns: 1_000 },
    )
  })

  it('keeps seeded prices exact where floats would not', () => {
    // 3000 USD per ETH × (100 ETH / 120 000 PTK): floats give 2.4999999999999996.
    const ptk = multiply(fractionOf(3000), 100n, 120_000n)
    expect(toNumber(ptk)).toBe(2.5)
    expect(toNumber(multiply(fractionOf(1), 300_000n * 10n ** 18n, 100n * 10n ** 6n))).toBe(
      3000 * 10 ** 12,
    )
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 9 }),
        fc.integer({ min: 1, max: 10 ** 6 }),
        (n, d) => {
          expect(toNumber(multiply(fractionOf(1), BigInt(n), BigInt(d)))).toBeCloseTo(n / d, 9)
        },
      ),
      { numRuns: 1_000 },
    )
  })
})
