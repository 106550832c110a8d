import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { solanaReference, solanaReferences, walletChainName } from './chains.js'
import { parseJsonWithBigInts } from './json.js'

// 1 000 runs a property; a mutation run (hundreds of mutants on a shared machine) may ask for
// fewer through PORTICO_PROPERTY_RUNS, which can only let mutants survive, never hide one.
const RUNS = { numRuns: Number(process.env.PORTICO_PROPERTY_RUNS ?? 1_000) }
const DEVNET = '8eRXQkZRbsigXb4zuUASq8R3mfJCH3FP'

describe('Solana chain names', () => {
  it('maps the Wallet Standard cluster names and CAIP-2 ids to CAIP-2 references', () => {
    expect(solanaReference('solana:mainnet')).toBe('5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
    expect(solanaReference('solana:mainnet-beta')).toBe('5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
    expect(solanaReference('solana:devnet')).toBe('EtWTRABZaYq6iMfeYKouRu166VU2xqa1')
    expect(solanaReference('solana:testnet')).toBe('4uhcVJyU9pJkvQyS88uRDiswHXSFkY3q')
    expect(solanaReference(`solana:${DEVNET}`)).toBe(DEVNET)
    // Anybody's local validator: no genesis hash names it.
    expect(solanaReference('solana:localnet')).toBeUndefined()
    // Base58 has no 0, O, I or l; a reference is exactly 32 characters.
    expect(solanaReference(`solana:${DEVNET.slice(1)}0`)).toBeUndefined()
    expect(solanaReference(`solana:${DEVNET}1`)).toBeUndefined()
    expect(solanaReference(`solana:${DEVNET.slice(1)}`)).toBeUndefined()
    expect(solanaReference(`xsolana:${DEVNET}`)).toBeUndefined()
    expect(solanaReference('toString')).toBeUndefined()
  })

  it('lists each reference once, in the wallet’s order', () => {
    expect(
      solanaReferences([
        'solana:localnet',
        `solana:${DEVNET}`,
        'solana:mainnet',
        'solana:mainnet-beta',
        `solana:${DEVNET}`,
      ]),
    ).toEqual([DEVNET, '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'])
  })

  it('names a chain the way the wallet does, else by CAIP-2', () => {
    expect(
      walletChainName(['solana:mainnet', 'solana:devnet'], 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1'),
    ).toBe('solana:devnet')
    expect(walletChainName(['solana:mainnet'], DEVNET)).toBe(`solana:${DEVNET}`)
  })
})

describe('parseJsonWithBigInts', () => {
  it('reads u64 amounts beyond 2^53 exactly, and safe numbers as numbers', () => {
    expect(
      parseJsonWithBigInts(
        '{"lamports":18446744073709551615,"slot":42,"fee":-9007199254740993,"x":1.5e300,"s":"123456789012345678901"}',
      ),
    ).toEqual({
      lamports: 18_446_744_073_709_551_615n,
      slot: 42,
      fee: -9_007_199_254_740_993n,
      x: 1.5e300,
      s: '123456789012345678901',
    })
    expect(parseJsonWithBigInts('9007199254740991')).toBe(9_007_199_254_740_991)
    expect(parseJsonWithBigInts('9007199254740992')).toBe(9_007_199_254_740_992n)
    expect(parseJsonWithBigInts('[1e21, 12345678901234567890.5]')).toEqual([
      1e21, 12345678901234567000,
    ])
  })

  it('reads a long mantissa with a fraction or an exponent as the number it is', () => {
    expect(
      parseJsonWithBigInts(
        '[12345678901234567890e2, 12345678901234567890E+2, 1e-2, 12345678901234567890.25]',
      ),
    ).toEqual([
      Number('12345678901234567890e2'),
      Number('12345678901234567890e2'),
      0.01,
      Number('12345678901234567890.25'),
    ])
  })

  it('leaves numbers inside strings alone, escaped quotes included', () => {
    expect(
      parseJsonWithBigInts('["a\\"99999999999999999999", "\\\\", 99999999999999999999]'),
    ).toEqual(['a"99999999999999999999', '\\', 99_999_999_999_999_999_999n])
  })

  it('reads any JSON as JSON.parse does when its integers are safe', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value)
        // Integers of 16 digits or more may be beyond 2^53: the next property covers those.
        fc.pre(!/(^|[^\d.eE+-])-?\d{16,}(?![\d.eE])/.test(text))
        expect(parseJsonWithBigInts(text)).toEqual(JSON.parse(text))
      }),
      RUNS,
    )
  })

  it('reads any integer exactly, in any place', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }),
        fc.string({ maxLength: 8 }),
        (n, key) => {
          const parsed = parseJsonWithBigInts(
            JSON.stringify({ [key]: [`${n}`] }).replace(`["${n}"]`, `[${n}]`),
          ) as Record<string, unknown[]>
          const value = parsed[key]?.[0]
          expect(typeof value === 'bigint' ? value : BigInt(value as number)).toBe(n)
          expect(typeof value).toBe(
            n >= BigInt(Number.MIN_SAFE_INTEGER) && n <= BigInt(Number.MAX_SAFE_INTEGER)
              ? 'number'
              : 'bigint',
          )
        },
      ),
      RUNS,
    )
  })

  it('throws a SyntaxError for what is not JSON', () => {
    expect(() => parseJsonWithBigInts('{"a":')).toThrow(SyntaxError)
    expect(() => parseJsonWithBigInts('99999999999999999999x')).toThrow(SyntaxError)
    expect(() => parseJsonWithBigInts('')).toThrow(SyntaxError)
  })
})
