import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { areRouters, isSlippage } from './slippage.js'

// The slippage an app sets in its options (`swaps.slippage`) or a user sets in the form: a whole
// percent from 0 to 50, what the swap API takes.

const RUNS = { numRuns: 1_000 }

describe('isSlippage', { timeout: 30_000 }, () => {
  it('accepts the whole percents 0 to 50, edges included', () => {
    for (const percent of [0, 1, 5, 49, 50]) expect(isSlippage(percent), `${percent}`).toBe(true)
  })

  it.each([
    ['51, one above the cap', 51],
    ['-1, one below zero', -1],
    ['a fraction', 0.5],
    ['a fraction just under the cap', 49.5],
    ['a fraction just over the cap', 50.000001],
    ['a fraction just above zero', Number.MIN_VALUE],
    ['100', 100],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['-Infinity', Number.NEGATIVE_INFINITY],
    ['the largest safe integer', Number.MAX_SAFE_INTEGER],
  ])('refuses %s', (_why, percent) => {
    expect(isSlippage(percent)).toBe(false)
  })

  it('refuses what is not a number, even one that reads as a valid percent', () => {
    // The options come from JavaScript apps too: the type is no guarantee.
    for (const value of ['1', '50', '', null, undefined, true, [1], { valueOf: () => 1 }, 1n]) {
      expect(isSlippage(value as never), String(value)).toBe(false)
    }
  })

  it('every whole percent in 0..50 is accepted, every other integer refused (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50 }), (percent) => {
        expect(isSlippage(percent)).toBe(true)
      }),
      RUNS,
    )
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: 51 }),
          fc.integer({ max: -1 }),
          fc.integer({ min: 51, max: 1_000 }),
          fc.integer({ min: -1_000, max: -1 }),
        ),
        (percent) => {
          expect(isSlippage(percent)).toBe(false)
        },
      ),
      RUNS,
    )
  })

  it('a number that is not whole is refused, however close to a valid percent (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -100, max: 100, noNaN: true }).filter((x) => !Number.isInteger(x)),
        (percent) => {
          expect(isSlippage(percent)).toBe(false)
        },
      ),
      RUNS,
    )
  })

  it('never throws, and accepts only whole numbers from 0 to 50 (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.double()), (value) => {
        const accepted = isSlippage(value as never)
        expect(typeof accepted).toBe('boolean')
        if (accepted) {
          expect(typeof value).toBe('number')
          expect(Number.isInteger(value)).toBe(true)
          expect(value as number).toBeGreaterThanOrEqual(0)
          expect(value as number).toBeLessThanOrEqual(50)
        }
      }),
      RUNS,
    )
  })
})

describe('areRouters (the swaps.routers option)', { timeout: 30_000 }, () => {
  const address = fc
    .uint8Array({ minLength: 20, maxLength: 20 })
    .chain((bytes) =>
      fc.constantFrom(
        `0x${Buffer.from(bytes).toString('hex')}`,
        `0x${Buffer.from(bytes).toString('hex').toUpperCase()}`,
      ),
    )
  const chainId = fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER })
  const routers = fc.dictionary(chainId.map(String), fc.array(address, { maxLength: 3 }))

  it('accepts lists of 0x addresses by chain id, in any case', () => {
    fc.assert(
      fc.property(routers, (value) => {
        expect(areRouters(value)).toBe(true)
      }),
      RUNS,
    )
  })

  it('refuses a bad chain id or a bad address anywhere', () => {
    const badId = fc.oneof(
      fc.constantFrom('0', '-1', '01', '1.5', 'eip155:1', '', '9007199254740993'),
      fc.string().filter((s) => !/^[1-9]\d*$/.test(s)),
    )
    const badAddress = fc.oneof(
      fc.constantFrom(
        '0x',
        '0x123',
        `0x${'g'.repeat(40)}`,
        `${'a'.repeat(40)}`,
        ` 0x${'a'.repeat(40)}`,
      ),
      address.map((a) => `${a}0`),
      fc.string(),
      fc.integer(),
      fc.constant(null),
    )
    fc.assert(
      fc.property(routers, badId, chainId, badAddress, fc.boolean(), (good, id, at, bad, byId) => {
        const value = byId ? { ...good, [id]: [] } : { ...good, [String(at)]: [bad] }
        expect(areRouters(value)).toBe(false)
      }),
      RUNS,
    )
    for (const value of [null, [], 'routers', 1, { 1: '0x' }, { 1: [{}] }]) {
      expect(areRouters(value), JSON.stringify(value)).toBe(false)
    }
  })
})
