import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { StandardWalletAccount } from '../../connectors/index.js'
import { solanaReference, solanaReferences, walletChainName } from './chains.js'
import { toAdapterAccount } from './createSolanaAdapter.js'
import { readMint } from './instructions.js'
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

const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
const TOKEN_2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
const SYSTEM = '11111111111111111111111111111111'
const MAINNET = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const DEVNET_CLUSTER = 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1'

/** A mint as SPL Token lays it out: decimals at byte 44, the "initialized" flag at byte 45. */
function mint(decimals: number, { initialized = 1, size = 82, owner = TOKEN } = {}) {
  const data = new Uint8Array(size)
  if (size > 44) data[44] = decimals
  if (size > 45) data[45] = initialized
  return { owner, lamports: 1_461_600n, data }
}

describe('readMint (an account read from the chain)', () => {
  it('reads the decimals and the program of an initialized mint of either token program', () => {
    expect(readMint(mint(6))).toEqual({ decimals: 6, tokenProgram: TOKEN })
    expect(readMint(mint(9, { owner: TOKEN_2022, size: 234 }))).toEqual({
      decimals: 9,
      tokenProgram: TOKEN_2022,
    })
    expect(readMint(mint(0))).toEqual({ decimals: 0, tokenProgram: TOKEN })
    expect(readMint(mint(255))).toEqual({ decimals: 255, tokenProgram: TOKEN })
  })

  it('needs 82 bytes: 81 is no mint', () => {
    expect(readMint(mint(6, { size: 82 }))).toBeDefined()
    expect(readMint(mint(6, { size: 81 }))).toBeUndefined()
    expect(readMint(mint(6, { size: 46 }))).toBeUndefined()
    expect(readMint(mint(6, { size: 0 }))).toBeUndefined()
  })

  it('refuses no account, an uninitialized mint and an account of another program', () => {
    expect(readMint(null)).toBeUndefined()
    expect(readMint(mint(6, { initialized: 0 }))).toBeUndefined()
    // The flag is a bool: only 1 is true.
    expect(readMint(mint(6, { initialized: 2 }))).toBeUndefined()
    expect(readMint(mint(6, { initialized: 255 }))).toBeUndefined()
    for (const owner of [
      SYSTEM,
      TOKEN.toLowerCase(),
      `${TOKEN} `,
      '',
      'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL',
    ]) {
      expect(readMint(mint(6, { owner })), owner).toBeUndefined()
    }
  })

  it('any initialized account of 82+ bytes of a token program is a mint of its decimals (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(TOKEN, TOKEN_2022),
        fc.uint8Array({ minLength: 82, maxLength: 400 }),
        fc.integer({ min: 0, max: 255 }),
        (owner, data, decimals) => {
          data[44] = decimals
          data[45] = 1
          expect(readMint({ owner, lamports: 0n, data })).toEqual({ decimals, tokenProgram: owner })
        },
      ),
      RUNS,
    )
  })

  it('never throws on any account, and reads a mint only where the rule holds (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.constantFrom(TOKEN, TOKEN_2022, SYSTEM), fc.string()),
        fc.uint8Array({ maxLength: 200 }),
        fc.boolean(),
        (owner, data, setFlag) => {
          if (setFlag && data.length > 45) data[45] = 1
          const read = readMint({ owner, lamports: 0n, data })
          const isMint =
            (owner === TOKEN || owner === TOKEN_2022) && data.length >= 82 && data[45] === 1
          expect(read !== undefined).toBe(isMint)
          if (read) {
            expect(read.tokenProgram).toBe(owner)
            expect(read.decimals).toBe(data[44])
            expect(Number.isInteger(read.decimals)).toBe(true)
          }
        },
      ),
      RUNS,
    )
  })
})

const account = (address: string, chains: string[]): StandardWalletAccount => ({
  address,
  publicKey: new Uint8Array(32),
  chains,
  features: [],
})

describe('toAdapterAccount (what a wallet shared)', () => {
  it('gives every address in order, and the references of the first account’s chains', () => {
    expect(
      toAdapterAccount([
        account('A1', ['solana:mainnet', 'solana:devnet', 'solana:localnet']),
        account('B2', [`solana:${DEVNET}`]),
      ]),
    ).toEqual({
      addresses: ['A1', 'B2'],
      chainReference: MAINNET,
      chains: [MAINNET, DEVNET_CLUSTER],
    })
  })

  it('says "unknown" when the first account names no chain a genesis hash names', () => {
    expect(toAdapterAccount([account('A1', [])])).toEqual({
      addresses: ['A1'],
      chainReference: 'unknown',
      chains: [],
    })
    expect(toAdapterAccount([account('A1', ['solana:localnet', 'bip122:x'])]).chainReference).toBe(
      'unknown',
    )
    // Another account's chains are not the first one's.
    expect(
      toAdapterAccount([account('A1', []), account('B2', ['solana:mainnet'])]).chainReference,
    ).toBe('unknown')
    expect(toAdapterAccount([])).toEqual({ addresses: [], chainReference: 'unknown', chains: [] })
  })

  it('for any accounts: the addresses as given, and distinct CAIP-2 references (property)', () => {
    const chain = fc.oneof(
      fc.constantFrom(
        'solana:mainnet',
        'solana:mainnet-beta',
        'solana:devnet',
        'solana:testnet',
        'solana:localnet',
        `solana:${DEVNET}`,
        'solana:toString',
        'solana:__proto__',
      ),
      fc
        .string({
          unit: fc.constantFrom(
            ...'123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz0OIl',
          ),
          minLength: 31,
          maxLength: 33,
        })
        .map((reference) => `solana:${reference}`),
      fc.string(),
    )
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.string({ minLength: 1 }), fc.array(chain, { maxLength: 6 })), {
          maxLength: 4,
        }),
        (shared) => {
          const out = toAdapterAccount(shared.map(([address, chains]) => account(address, chains)))
          expect(out.addresses).toEqual(shared.map(([address]) => address))
          const chains = out.chains ?? []
          expect(new Set(chains).size).toBe(chains.length)
          for (const reference of chains) {
            expect(reference).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32}$/)
            // Each came from a chain the first account named.
            expect(shared[0]?.[1].some((name) => solanaReference(name) === reference)).toBe(true)
          }
          expect(out.chainReference).toBe(chains[0] ?? 'unknown')
        },
      ),
      RUNS,
    )
  })
})
