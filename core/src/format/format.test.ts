import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatAmount, truncateAddress } from './format.js'

// Property tests of 1 000 runs take seconds on a loaded machine.
describe('truncateAddress', { timeout: 30_000 }, () => {
  it('keeps 4 + 6 characters', () => {
    expect(truncateAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe('0xf3…b92266')
    expect(truncateAddress('short')).toBe('short')
  })

  it('leaves an address of 11 characters or fewer whole: cutting would not make it shorter', () => {
    expect(truncateAddress('0x123456789')).toBe('0x123456789')
    expect(truncateAddress('0x1234567890')).toBe('0x12…567890')
  })

  it('takes other lengths from the caller', () => {
    const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
    expect(truncateAddress(address, 6, 4)).toBe('0xf39F…2266')
    expect(truncateAddress('0x12345678', 2, 2)).toBe('0x…78')
    expect(truncateAddress('0x123', 2, 2)).toBe('0x123')
  })
})

describe('formatAmount', { timeout: 30_000 }, () => {
  it('cuts to the given decimals and drops trailing zeros', () => {
    expect(formatAmount('1.23456789', 3)).toBe('1.234')
    expect(formatAmount('10000.000000000000000000')).toBe('10000')
    expect(formatAmount('0.00001', 4)).toBe('0')
    expect(formatAmount('007.50')).toBe('7.5')
    expect(formatAmount(0.5)).toBe('0.5')
    expect(formatAmount('abc')).toBe('0')
    expect(formatAmount('.5')).toBe('0.5')
  })

  it('shows 4 decimals unless told otherwise, and none for 0 or fewer', () => {
    expect(formatAmount('1.23456789')).toBe('1.2345')
    expect(formatAmount(1.23456789)).toBe('1.2345')
    expect(formatAmount('1.99', 0)).toBe('1')
    expect(formatAmount('1.99', -2)).toBe('1')
  })

  it('keeps the sign of a negative amount, and never shows -0', () => {
    expect(formatAmount('-1.23456')).toBe('-1.2345')
    expect(formatAmount(-2.5)).toBe('-2.5')
    expect(formatAmount(-1e21)).toBe('-1000000000000000000000')
    expect(formatAmount('-0.00001')).toBe('0')
    expect(formatAmount('-0')).toBe('0')
  })

  it('reads the amount in text with spaces around, a trailing point or leading zeros', () => {
    expect(formatAmount('  3.5  ')).toBe('3.5')
    expect(formatAmount('5.')).toBe('5')
    expect(formatAmount('0012')).toBe('12')
    expect(formatAmount('000')).toBe('0')
    expect(formatAmount('0.10')).toBe('0.1')
    expect(formatAmount('1.05')).toBe('1.05')
  })

  it('gives 0 for text with anything around the number', () => {
    expect(formatAmount('x5')).toBe('0')
    expect(formatAmount('5x')).toBe('0')
    expect(formatAmount('1.5 ETH')).toBe('0')
  })

  it('gives 0 for a sign or a point alone, and for text beyond 400 characters', () => {
    expect(formatAmount('-')).toBe('0')
    expect(formatAmount('.')).toBe('0')
    expect(formatAmount('-.')).toBe('0')
    expect(formatAmount('')).toBe('0')
    expect(formatAmount('9'.repeat(401))).toBe('0')
  })

  it('spells out large numbers and gives 0 for what is no amount', () => {
    expect(formatAmount(1e21, 2)).toBe('1000000000000000000000')
    expect(formatAmount(Number.NaN)).toBe('0')
    expect(formatAmount(Number.POSITIVE_INFINITY)).toBe('0')
    expect(formatAmount('9'.repeat(1_000_000))).toBe('0')
    expect(formatAmount('9'.repeat(400))).toBe('9'.repeat(400))
  })

  it('for any input: a plain decimal with at most the given decimals, never throwing', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string({ unit: fc.constantFrom(...'0123456789.-'), maxLength: 500 }),
          fc.double(),
        ),
        fc.nat(10),
        (v, d) => {
          const out = formatAmount(v, d)
          expect(out).toMatch(/^-?\d+(\.\d+)?$/)
          expect((out.split('.')[1] ?? '').length).toBeLessThanOrEqual(d)
          expect(out.length).toBeLessThanOrEqual(412)
        },
      ),
      { numRuns: 1_000 },
    )
  })
})
