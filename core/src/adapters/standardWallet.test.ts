import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { PorticoError } from '../errors/index.js'
import { accountsOf, isStandardAccount, toStandardWalletError } from './standardWallet.js'

// Wallet Standard wallets are scripts the page did not write: their accounts and their errors are
// read as hostile data.

const RUNS = { numRuns: 1_000 }
const ACCOUNT = {
  address: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
  publicKey: new Uint8Array(32),
  chains: ['solana:mainnet', 'solana:devnet'],
  features: ['solana:signMessage'],
  label: 'Main',
}
const notAString = fc.anything().filter((value) => typeof value !== 'string')

describe('isStandardAccount', { timeout: 30_000 }, () => {
  it('accepts an account with an address of 1 to 128 characters and a list of chain names', () => {
    expect(isStandardAccount(ACCOUNT)).toBe(true)
    expect(isStandardAccount({ address: 'a', chains: [] })).toBe(true)
    expect(
      isStandardAccount({ address: 'a'.repeat(128), chains: ['bip122:000000000019d6689c'] }),
    ).toBe(true)
    expect(isStandardAccount(Object.freeze({ ...ACCOUNT }))).toBe(true)
  })

  it.each([
    ['an empty address', { address: '', chains: [] }],
    ['an address of 129 characters', { address: 'a'.repeat(129), chains: [] }],
    ['an address of a megabyte', { address: 'a'.repeat(1_000_000), chains: [] }],
    ['a number address', { address: 1, chains: [] }],
    ['a String object address', { address: new String('abc'), chains: [] }],
    ['no address', { chains: [] }],
    ['no chains', { address: 'abc' }],
    ['chains as text', { address: 'abc', chains: 'solana:mainnet' }],
    ['chains as an object', { address: 'abc', chains: { 0: 'solana:mainnet', length: 1 } }],
    ['a chain that is not text', { address: 'abc', chains: ['solana:mainnet', 1] }],
    ['a null chain', { address: 'abc', chains: [null] }],
    ['null', null],
    ['undefined', undefined],
    ['the address alone', 'abc'],
    ['an array', [ACCOUNT]],
  ])('refuses %s', (_why, value) => {
    expect(isStandardAccount(value)).toBe(false)
  })

  it('accepts any address of 1 to 128 characters with any list of strings (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', minLength: 1, maxLength: 128 }).filter((a) => a.length <= 128),
        fc.array(fc.string(), { maxLength: 5 }),
        (address, chains) => {
          expect(isStandardAccount({ address, chains })).toBe(true)
        },
      ),
      RUNS,
    )
  })

  it('refuses any address longer than 128, and any chain list with one non-string (property)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 129, maxLength: 400 }), (address) => {
        expect(isStandardAccount({ address, chains: [] })).toBe(false)
      }),
      RUNS,
    )
    fc.assert(
      fc.property(
        fc.array(fc.string(), { maxLength: 5 }),
        notAString,
        fc.nat(),
        (chains, bad, at) => {
          const mixed: unknown[] = [...chains]
          mixed.splice(at % (chains.length + 1), 0, bad)
          expect(isStandardAccount({ address: 'abc', chains: mixed })).toBe(false)
        },
      ),
      RUNS,
    )
  })

  it('never throws on plain data, and what it accepts has the shape (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.record(
            {
              address: fc.oneof(fc.string({ maxLength: 200 }), fc.anything()),
              chains: fc.oneof(fc.array(fc.string()), fc.anything()),
            },
            { requiredKeys: [] },
          ),
        ),
        (value) => {
          if (!isStandardAccount(value)) return
          expect(typeof value.address).toBe('string')
          expect(value.address.length).toBeGreaterThanOrEqual(1)
          expect(value.address.length).toBeLessThanOrEqual(128)
          expect(Array.isArray(value.chains)).toBe(true)
          for (const chain of value.chains) expect(typeof chain).toBe('string')
        },
      ),
      RUNS,
    )
  })

  it('through accountsOf: only valid accounts are kept, and a throwing getter reads as none', () => {
    const keepAll = () => true
    expect(accountsOf([ACCOUNT, { address: '' }, null, 'x'], keepAll)).toEqual([ACCOUNT])
    expect(accountsOf('not a list', keepAll)).toEqual([])
    const hostile = Object.defineProperty({ chains: [] }, 'address', {
      get() {
        throw new Error('hostile getter')
      },
    })
    expect(accountsOf([ACCOUNT, hostile], keepAll)).toEqual([])
  })
})

describe('toStandardWalletError', { timeout: 30_000 }, () => {
  it('the Wallet Standard rejection (context code 4001000) is USER_REJECTED with 4001', () => {
    const thrown = { name: 'WalletStandardError', context: { __code: 4_001_000 } }
    const error = toStandardWalletError(thrown, 'connection request')
    expect(error).toBeInstanceOf(PorticoError)
    expect(error.code).toBe('USER_REJECTED')
    expect(error.message).toBe('The wallet rejected the connection request')
    expect(error.details).toEqual({ code: 4001 })
    expect(error.cause).toBe(thrown)
    // An Error carrying the context, as @solana/errors builds it.
    const standard = Object.assign(new Error('rejected'), { context: { __code: 4_001_000 } })
    expect(toStandardWalletError(standard, 'transaction').code).toBe('USER_REJECTED')
    // EIP-1193's 4001, which many Solana and Bitcoin wallets set too.
    expect(toStandardWalletError({ code: 4001 }, 'transaction').code).toBe('USER_REJECTED')
  })

  it.each([
    ['a neighbouring code', { context: { __code: 4_001_001 } }],
    ['the code one below', { context: { __code: 4_000_999 } }],
    ['the code as text', { context: { __code: '4001000' } }],
    ['the code on the error itself', { __code: 4_001_000 }],
    ['the code with no context wrapper', { code: 4_001_000 }],
    ['a context that is an array', { context: [4_001_000] }],
    ['a null context', { context: null }],
  ])('anything else is a WALLET_ERROR: %s', (_why, thrown) => {
    const error = toStandardWalletError(thrown, 'transaction')
    expect(error.code).toBe('WALLET_ERROR')
    expect(error.message).toBe('The wallet failed the transaction')
    expect(error.cause).toBe(thrown)
  })

  it('keeps the wallet’s own words, cleaned and cut, and passes a PorticoError through', () => {
    const error = toStandardWalletError(
      { message: `Locked\u202E${'!'.repeat(300)}`, context: { __code: 1 } },
      'signature request',
    )
    expect(error.message).toBe(`The wallet failed the signature request: Locked${'!'.repeat(194)}`)
    const own = new PorticoError('WALLET_TIMEOUT', 'late')
    expect(toStandardWalletError(own, 'transaction')).toBe(own)
  })

  it('any thrown value with the standard rejection context is USER_REJECTED (property)', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.anything()),
        fc.dictionary(fc.string(), fc.anything()),
        (fields, context) => {
          const thrown = { ...fields, context: { ...context, __code: 4_001_000 } }
          const error = toStandardWalletError(thrown, 'reconnection')
          expect(error.code).toBe('USER_REJECTED')
          expect(error.message).toBe('The wallet rejected the reconnection')
          expect(error.cause).toBe(thrown)
        },
      ),
      RUNS,
    )
  })

  it('never throws on plain thrown values, and always answers a PorticoError (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.record(
            {
              context: fc.oneof(
                fc.record({ __code: fc.oneof(fc.integer(), fc.anything()) }),
                fc.anything(),
              ),
              code: fc.oneof(fc.integer(), fc.anything()),
              message: fc.oneof(fc.string({ unit: 'binary' }), fc.anything()),
            },
            { requiredKeys: [] },
          ),
        ),
        (thrown) => {
          const error = toStandardWalletError(thrown, 'transaction')
          expect(error).toBeInstanceOf(PorticoError)
          expect(['USER_REJECTED', 'WALLET_ERROR']).toContain(error.code)
          expect(error.cause).toBe(thrown)
          expect(error.message).toMatch(/^The wallet (rejected|failed) the transaction/)
        },
      ),
      RUNS,
    )
  })
})

describe('a Wallet Standard wallet that throws something unreadable', () => {
  it('is a WALLET_ERROR, never a second error while reporting it', () => {
    const revoked = Proxy.revocable({}, {})
    revoked.revoke()
    const boom = () => {
      throw new Error('hostile')
    }
    for (const value of [
      revoked.proxy,
      Object.defineProperty({}, 'context', { get: boom }),
      { context: Object.defineProperty({}, '__code', { get: boom }) },
    ]) {
      const error = toStandardWalletError(value, 'signature request')
      expect(error.code).toBe('WALLET_ERROR')
      expect(error.message).toBe('The wallet failed the signature request')
    }
  })
})
