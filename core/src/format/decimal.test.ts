import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatDecimal, fractionDigits, parseDecimal } from './decimal.js'

// Property tests of 1 000 runs take seconds on a loaded machine.
describe('parseDecimal', { timeout: 30_000 }, () => {
  it('parses exactly', () => {
    expect(parseDecimal('12.5', 6)).toBe(12_500_000n)
    expect(parseDecimal('0.000001', 6)).toBe(1n)
    expect(parseDecimal('.5', 2)).toBe(50n)
    expect(parseDecimal('7', 0)).toBe(7n)
    expect(parseDecimal(' 12.5 ', 2)).toBe(1_250n)
    expect(parseDecimal('1.', 2)).toBe(100n)
    expect(parseDecimal('0.5', 1)).toBe(5n)
  })

  it('takes up to 255 decimals (an ERC-20 uint8) and text up to 400 characters', () => {
    expect(parseDecimal('0', 255)).toBe(0n)
    expect(parseDecimal(`0.${'0'.repeat(254)}1`, 255)).toBe(1n)
    expect(parseDecimal('0'.repeat(400), 0)).toBe(0n)
    expect(parseDecimal('0'.repeat(401), 0)).toBeUndefined()
    expect(parseDecimal('0', 256)).toBeUndefined()
  })

  it.each(['', '.', '-1', '1e5', '1,5', 'abc', '0.0000001', ' 1 2'])(
    'refuses %j at 6 decimals',
    (v) => {
      expect(parseDecimal(v, 6)).toBeUndefined()
    },
  )

  it('refuses a pasted megabyte at once, and any amount beyond a uint256', () => {
    // Parsing 1 MB of digits into a bigint took half a second per keystroke.
    expect(parseDecimal('9'.repeat(1_000_000), 18)).toBeUndefined()
    expect(parseDecimal(`1.${'0'.repeat(1_000_000)}`, 18)).toBeUndefined()
    expect(parseDecimal('9'.repeat(401), 0)).toBeUndefined()
    const maxUint256 = 2n ** 256n - 1n
    expect(parseDecimal(maxUint256.toString(), 0)).toBe(maxUint256)
    expect(parseDecimal((maxUint256 + 1n).toString(), 0)).toBeUndefined()
    expect(parseDecimal('1', 256)).toBeUndefined()
    expect(parseDecimal('1', -1)).toBeUndefined()
    expect(parseDecimal('1', 1.5)).toBeUndefined()
  })

  it('round-trips with formatDecimal', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }),
        fc.integer({ min: 0, max: 255 }),
        (n, d) => {
          expect(parseDecimal(formatDecimal(n, d), d)).toBe(n)
        },
      ),
      { numRuns: 1_000 },
    )
  })

  it('for any text: nothing, or a uint256 that reads back as the same amount', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string({ unit: fc.constantFrom(...'0123456789. -e'), maxLength: 500 }),
        ),
        fc.integer({ min: -2, max: 260 }),
        (value, decimals) => {
          const raw = parseDecimal(value, decimals)
          if (raw === undefined) return
          expect(value.length).toBeLessThanOrEqual(400)
          expect(raw >= 0n && raw <= 2n ** 256n - 1n).toBe(true)
          const text = value.trim()
          const canonical = formatDecimal(raw, decimals)
          // Same number: equal once leading and trailing zeros are put aside.
          const norm = (t: string) => {
            const [w = '', f = ''] = t.split('.')
            return `${w.replace(/^0+/, '') || '0'}.${f.replace(/0+$/, '')}`
          }
          expect(norm(canonical)).toBe(norm(text.startsWith('.') ? `0${text}` : text))
        },
      ),
      { numRuns: 1_000 },
    )
  })
})

describe('formatDecimal', () => {
  it('writes the smallest unit back as a decimal, without trailing zeros', () => {
    expect(formatDecimal(12_500_000n, 6)).toBe('12.5')
    expect(formatDecimal(5n, 3)).toBe('0.005')
    expect(formatDecimal(1_000n, 3)).toBe('1')
    expect(formatDecimal(0n, 18)).toBe('0')
    expect(formatDecimal(42n, 0)).toBe('42')
    expect(formatDecimal(-1_500n, 3)).toBe('-1.5')
    expect(formatDecimal(-5n, 3)).toBe('-0.005')
  })
})

describe('fractionDigits', () => {
  it('counts the digits after the point', () => {
    expect(fractionDigits('1.25')).toBe(2)
    expect(fractionDigits('.5')).toBe(1)
    expect(fractionDigits('12')).toBe(0)
    expect(fractionDigits('1.')).toBe(0)
  })
})
