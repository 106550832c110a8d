import fc from 'fast-check'
import { getAddress, maxUint256 } from 'viem'
import { describe, expect, it } from 'vitest'
import {
  MAX_SLIPPAGE,
  ParamError,
  parseAccount,
  parseAmount,
  parseAsset,
  parseChainId,
  parseFlag,
  parseGasPrice,
  parseSlippage,
} from './params.js'

const RUNS = { numRuns: 1_000 }
const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

const chainId = fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER - 1 })
const hexAddress = fc
  .uint8Array({ minLength: 20, maxLength: 20 })
  .map((bytes) => `0x${Buffer.from(bytes).toString('hex')}`)
/** Any casing a caller may send: lower, upper hex digits, or the EIP-55 checksum. */
const anyCase = (hex: string) =>
  fc.constantFrom(hex.toLowerCase(), `0x${hex.slice(2).toUpperCase()}`, getAddress(hex))

/** Whatever arrives: strings of every kind, numbers, JSON values, absent values. */
const junk = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.object(),
  fc.array(fc.anything()),
)

/** The parser either returns or throws a ParamError (never another error, never a crash). */
function outcome<T>(parse: () => T): { value: T } | { error: string } {
  try {
    return { value: parse() }
  } catch (error) {
    expect(error).toBeInstanceOf(ParamError)
    expect((error as Error).message.length).toBeGreaterThan(0)
    return { error: (error as Error).message }
  }
}

describe('convert parameter parsers', () => {
  it('parses every CAIP-10 token address, in any case, the native placeholder included', () => {
    fc.assert(
      fc.property(chainId, hexAddress.chain(anyCase), (id, hex) => {
        const asset = parseAsset(`eip155:${id}:${hex}`, 'from')
        expect(asset.chainId).toBe(id)
        expect(asset.native).toBe(hex.toLowerCase() === NATIVE)
        expect(asset.address.toLowerCase()).toBe(hex.toLowerCase())
      }),
      RUNS,
    )
    expect(parseAsset(`eip155:31337:${NATIVE.toUpperCase().replace('0X', '0x')}`, 'to')).toEqual({
      chainId: 31337,
      address: NATIVE,
      native: true,
    })
  })

  it('refuses anything else with a ParamError that names the parameter', () => {
    fc.assert(
      fc.property(junk, (value) => {
        const result = outcome(() => parseAsset(value, 'from'))
        if ('value' in result) {
          // Only a well-formed CAIP-10 string gets through.
          expect(value).toMatch(/^eip155:[1-9][0-9]*:0x[0-9a-fA-F]{40}$/)
        } else {
          expect(result.error).toMatch(/from/)
        }
      }),
      RUNS,
    )
    for (const bad of [
      'eip155:31337',
      'eip155:0:0x0000000000000000000000000000000000000001',
      'eip155:031337:0x0000000000000000000000000000000000000001',
      'solana:31337:0x0000000000000000000000000000000000000001',
      'eip155:31337:0x000000000000000000000000000000000000001',
      'eip155:31337:0x0000000000000000000000000000000000000001:x',
      ' eip155:31337:0x0000000000000000000000000000000000000001',
      // A mixed-case address must carry a valid checksum.
      'eip155:31337:0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      'USDC',
    ]) {
      expect(() => parseAsset(bad, 'to'), bad).toThrow(ParamError)
    }
    expect(() => parseAsset(undefined, 'to')).toThrow('missing to')
    expect(() => parseAsset(12, 'to')).toThrow('to must be a string')
  })

  it('parses CAIP-2 chain ids and nothing else', () => {
    fc.assert(
      fc.property(chainId, (id) => {
        expect(parseChainId(`eip155:${id}`)).toBe(id)
      }),
      RUNS,
    )
    fc.assert(
      fc.property(junk, (value) => {
        const result = outcome(() => parseChainId(value))
        if ('value' in result) expect(value).toBe(`eip155:${result.value}`)
      }),
      RUNS,
    )
    for (const bad of ['31337', 'eip155:', 'eip155:-1', 'eip155:1.5', 'eip155:99999999999999999']) {
      expect(() => parseChainId(bad), bad).toThrow(ParamError)
    }
  })

  it('parses amounts: positive whole numbers of units up to uint256', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: maxUint256 }), fc.nat(3), (amount, zeros) => {
        expect(parseAmount(amount.toString())).toBe(amount)
        // Leading zeros do not change the number.
        expect(parseAmount(`${'0'.repeat(zeros)}${amount}`)).toBe(amount)
      }),
      RUNS,
    )
    fc.assert(
      fc.property(junk, (value) => {
        const result = outcome(() => parseAmount(value))
        if ('value' in result) {
          expect(typeof value).toBe('string')
          expect(result.value).toBeGreaterThan(0n)
          expect(result.value).toBeLessThanOrEqual(maxUint256)
          expect(BigInt(value as string)).toBe(result.value)
        }
      }),
      RUNS,
    )
    expect(() => parseAmount('0')).toThrow('amount must be above 0')
    expect(() => parseAmount('000')).toThrow('amount must be above 0')
    expect(() => parseAmount((maxUint256 + 1n).toString())).toThrow('larger than a uint256')
    for (const bad of ['1.5', '-1', '+1', '1e18', '0x10', ' 1', '1 ', '']) {
      expect(() => parseAmount(bad), bad).toThrow(ParamError)
    }
    // JSON numbers lose precision past 2^53, so only strings are amounts, as for the hosted API.
    expect(() => parseAmount(1000)).toThrow('amount must be a string')
  })

  it('parses the optional gas price in wei', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: maxUint256 }), (wei) => {
        expect(parseGasPrice(wei.toString())).toBe(wei)
      }),
      RUNS,
    )
    fc.assert(
      fc.property(junk, (value) => {
        const result = outcome(() => parseGasPrice(value))
        if ('value' in result && result.value !== undefined) {
          expect(BigInt(value as string)).toBe(result.value)
        }
      }),
      RUNS,
    )
    expect(parseGasPrice(null)).toBeUndefined()
    expect(parseGasPrice('')).toBeUndefined()
    expect(() => parseGasPrice('fast')).toThrow('gasPrice must be a whole number of wei (got fast)')
    // An object whose toString is not a function is still described, not a crash.
    expect(() => parseGasPrice({ toString: 1 })).toThrow('(got {"toString":1})')
  })

  it('takes slippage as a whole percent from 0 to 50 inside eip155, as the hosted API does', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_SLIPPAGE }), (slippage) => {
        expect(parseSlippage({ slippage })).toBe(slippage)
      }),
      RUNS,
    )
    fc.assert(
      fc.property(junk, (slippage) => {
        const result = outcome(() => parseSlippage({ slippage }))
        if ('value' in result) {
          expect(Number.isInteger(slippage)).toBe(true)
          expect(result.value).toBe(slippage)
          expect(result.value).toBeGreaterThanOrEqual(0)
          expect(result.value).toBeLessThanOrEqual(MAX_SLIPPAGE)
        }
      }),
      RUNS,
    )
    fc.assert(
      fc.property(junk, (eip155) => {
        outcome(() => parseSlippage(eip155))
      }),
      RUNS,
    )
    for (const bad of [-1, 51, 1.5, '1', Number.NaN, Number.POSITIVE_INFINITY, null, true]) {
      expect(() => parseSlippage({ slippage: bad }), String(bad)).toThrow(
        /whole percent from 0 to 50/,
      )
    }
    expect(() => parseSlippage(undefined)).toThrow(
      'slippage parameter is necessary for this type of conversion',
    )
    expect(() => parseSlippage({})).toThrow(
      'slippage parameter is necessary for this type of conversion',
    )
    expect(() => parseSlippage([1])).toThrow(/eip155 must be an object/)
  })

  it('parses the user account on the tokens’ chain: CAIP-10, or a bare address where allowed', () => {
    fc.assert(
      fc.property(chainId, hexAddress.chain(anyCase), (id, hex) => {
        fc.pre(hex.toLowerCase() !== NATIVE)
        expect(parseAccount(`eip155:${id}:${hex}`, id)).toBe(getAddress(hex))
        expect(parseAccount(hex, id, 'userAddress', { plain: true })).toBe(getAddress(hex))
        expect(() => parseAccount(hex, id)).toThrow(/CAIP-10/)
        expect(() => parseAccount(`eip155:${id + 1}:${hex}`, id)).toThrow(/same chain/)
      }),
      RUNS,
    )
    fc.assert(
      fc.property(junk, chainId, (value, id) => {
        const result = outcome(() => parseAccount(value, id, 'userAddress', { plain: true }))
        if ('value' in result)
          expect(String(value).toLowerCase()).toContain(result.value.toLowerCase())
      }),
      RUNS,
    )
    expect(() => parseAccount(`eip155:1:${NATIVE}`, 1)).toThrow(/not the native token/)
  })

  it('takes disableEstimate as a JSON boolean', () => {
    fc.assert(
      fc.property(junk, (value) => {
        const result = outcome(() => parseFlag(value, 'disableEstimate'))
        if ('value' in result) {
          expect(result.value).toBe(value === true)
        } else {
          expect(result.error).toBe('disableEstimate must be true or false')
        }
      }),
      RUNS,
    )
    expect(parseFlag(undefined, 'disableEstimate')).toBe(false)
    expect(() => parseFlag('true', 'disableEstimate')).toThrow(ParamError)
  })
})
