import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatAmount, truncateAddress } from './format.js'

describe('truncateAddress', () => {
  it('keeps 4 + 6 characters', () => {
    expect(truncateAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe('0xf3…b92266')
    expect(truncateAddress('short')).toBe('short')
  })
})

describe('formatAmount', () => {
  it('cuts to the given decimals and drops trailing zeros', () => {
    expect(formatAmount('1.23456789', 3)).toBe('1.234')
    expect(formatAmount('10000.000000000000000000')).toBe('10000')
    expect(formatAmount('0.00001', 4)).toBe('0')
    expect(formatAmount('007.50')).toBe('7.5')
    expect(formatAmount(0.5)).toBe('0.5')
    expect(formatAmount('abc')).toBe('0')
    expect(formatAmount('.5')).toBe('0.5')
  })

  it('never throws and never grows the number of decimals', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.double({ noNaN: true, noDefaultInfinity: true })),
        fc.nat(10),
        (v, d) => {
          const out = formatAmount(v, d)
          expect(out).toMatch(/^-?\d+(\.\d+)?$/)
          expect((out.split('.')[1] ?? '').length).toBeLessThanOrEqual(d)
        },
      ),
    )
  })
})
