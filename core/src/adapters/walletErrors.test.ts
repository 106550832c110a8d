import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { PorticoError } from '../errors/index.js'
import { isUserRejection, toWalletError } from './walletErrors.js'

// Whatever a wallet throws (an Error, an EIP-1193 `{ code, message }`, a wrapper of one, a string,
// nothing) is turned into a PorticoError; its words are untrusted text shown to the user.

const RUNS = { numRuns: 1_000 }
/** Everything the text cleaning removes (see security/text.ts). */
const HIDDEN =
  /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Default_Ignorable_Code_Point}\p{Noncharacter_Code_Point}]/u
const ACTIONS = ['connection request', 'signature request', 'transaction', 'network switch']

/** A code where wallets put it: on the error, or under `data.originalError` or `cause`. */
function wrapped(code: unknown, path: readonly ('data' | 'cause')[]): unknown {
  let error: unknown = { code, message: 'inner' }
  for (const step of [...path].reverse()) {
    error =
      step === 'data' ? { message: 'outer', data: { originalError: error } } : { cause: error }
  }
  return error
}

/** Thrown values of every kind, and error-like records with hostile fields. */
const thrown = fc.oneof(
  fc.anything(),
  fc.string({ unit: 'binary' }).map((message) => new Error(message)),
  fc.record(
    {
      code: fc.oneof(fc.integer(), fc.constant(4001), fc.anything()),
      message: fc.oneof(fc.string({ unit: 'binary', maxLength: 2_000 }), fc.anything()),
      data: fc.anything(),
      cause: fc.anything(),
    },
    { requiredKeys: [] },
  ),
)

describe('isUserRejection', { timeout: 30_000 }, () => {
  it('is the EIP-1193 code 4001, on the error or in a wrapper up to four deep', () => {
    expect(isUserRejection({ code: 4001, message: 'User rejected the request.' })).toBe(true)
    expect(isUserRejection(Object.assign(new Error('no'), { code: 4001 }))).toBe(true)
    expect(isUserRejection(wrapped(4001, ['data']))).toBe(true)
    expect(isUserRejection(wrapped(4001, ['cause']))).toBe(true)
    expect(isUserRejection(wrapped(4001, ['cause', 'data', 'cause']))).toBe(true)
    // Four levels are read (the error and three wrappers); a fifth is not.
    expect(isUserRejection(wrapped(4001, ['cause', 'cause', 'cause', 'cause']))).toBe(false)
    expect(isUserRejection(new PorticoError('USER_REJECTED', 'no'))).toBe(true)
  })

  it.each([
    ['another code', { code: 4100 }],
    ['4001 as text', { code: '4001' }],
    ['4001 in the message only', new Error('4001')],
    ['4001 as a bigint', { code: 4001n }],
    ['the first code found, not a deeper one', { code: 4900, cause: { code: 4001 } }],
    ['a PorticoError of another code', new PorticoError('WALLET_ERROR', 'no')],
    ['nothing', undefined],
    ['null', null],
    ['the number alone', 4001],
    ['an array', [{ code: 4001 }]],
  ])('is not %s', (_why, error) => {
    expect(isUserRejection(error)).toBe(false)
  })

  it('finds 4001 wherever a wallet wraps it within four levels (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('data' as const, 'cause' as const), { maxLength: 3 }),
        (path) => {
          expect(isUserRejection(wrapped(4001, path))).toBe(true)
          expect(toWalletError(wrapped(4001, path), 'transaction').code).toBe('USER_REJECTED')
        },
      ),
      RUNS,
    )
  })

  it('another numeric code is never a rejection, however wrapped (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer(), fc.double()).filter((code) => code !== 4001),
        fc.array(fc.constantFrom('data' as const, 'cause' as const), { maxLength: 3 }),
        (code, path) => {
          expect(isUserRejection(wrapped(code, path))).toBe(false)
        },
      ),
      RUNS,
    )
  })

  it('never throws on anything thrown, and agrees with toWalletError (property)', () => {
    fc.assert(
      fc.property(thrown, (error) => {
        const rejected = isUserRejection(error)
        expect(typeof rejected).toBe('boolean')
        if (!(error instanceof PorticoError)) {
          expect(toWalletError(error, 'transaction').code === 'USER_REJECTED').toBe(rejected)
        }
      }),
      RUNS,
    )
  })
})

describe('toWalletError', { timeout: 30_000 }, () => {
  it('a rejection says so, with code 4001 and the original as the cause', () => {
    const thrownByWallet = { code: 4001, message: 'User denied\u202E' }
    const error = toWalletError(thrownByWallet, 'signature request')
    expect(error).toBeInstanceOf(PorticoError)
    expect(error.code).toBe('USER_REJECTED')
    expect(error.message).toBe('The wallet rejected the signature request')
    expect(error.details).toEqual({ code: 4001 })
    expect(error.cause).toBe(thrownByWallet)
  })

  it('any other failure keeps the wallet’s words, cleaned, and its code', () => {
    const error = toWalletError({ code: 4100, message: ' Not\u202E  authorised\n' }, 'transaction')
    expect(error.code).toBe('WALLET_ERROR')
    expect(error.message).toBe('The wallet failed the transaction: Not authorised')
    expect(error.details).toEqual({ code: 4100 })
    expect(toWalletError(new Error('Wallet is locked'), 'transaction').message).toBe(
      'The wallet failed the transaction: Wallet is locked',
    )
    // No words to keep: no colon.
    for (const silent of [
      undefined,
      null,
      'a string',
      42,
      {},
      { message: 7 },
      { message: '\u200B' },
    ]) {
      const error = toWalletError(silent, 'network switch')
      expect(error.message, String(silent)).toBe('The wallet failed the network switch')
      expect(error.details).toEqual({ code: undefined })
      expect(error.cause).toBe(silent)
    }
  })

  it('keeps 200 characters of the wallet’s words, not 201', () => {
    const prefix = 'The wallet failed the transaction: '
    expect(toWalletError({ message: 'x'.repeat(200) }, 'transaction').message).toBe(
      `${prefix}${'x'.repeat(200)}`,
    )
    expect(toWalletError({ message: 'y'.repeat(201) }, 'transaction').message).toBe(
      `${prefix}${'y'.repeat(200)}`,
    )
    expect(toWalletError({ message: 'z'.repeat(1_000_000) }, 'transaction').message).toBe(
      `${prefix}${'z'.repeat(200)}`,
    )
  })

  it('passes a PorticoError through as it is', () => {
    const own = new PorticoError('WALLET_TIMEOUT', 'The wallet did not answer')
    expect(toWalletError(own, 'transaction')).toBe(own)
    const rejected = new PorticoError('USER_REJECTED', 'no')
    expect(toWalletError(rejected, 'transaction')).toBe(rejected)
  })

  it('for anything thrown: a PorticoError with the cause and clean, bounded words (property)', () => {
    fc.assert(
      fc.property(thrown, fc.constantFrom(...ACTIONS), (error, action) => {
        const out = toWalletError(error, action)
        expect(out).toBeInstanceOf(PorticoError)
        expect(out.cause).toBe(error)
        if (out.code === 'USER_REJECTED') {
          expect(out.message).toBe(`The wallet rejected the ${action}`)
          expect(out.details).toEqual({ code: 4001 })
          return
        }
        expect(out.code).toBe('WALLET_ERROR')
        const prefix = `The wallet failed the ${action}`
        expect(out.message.startsWith(prefix)).toBe(true)
        const words = out.message.slice(prefix.length)
        if (words !== '') {
          expect(words.startsWith(': ')).toBe(true)
          const text = words.slice(2)
          expect(text.length).toBeGreaterThan(0)
          expect(Array.from(text).length).toBeLessThanOrEqual(200)
          expect(HIDDEN.test(text)).toBe(false)
          expect(text).toBe(text.trim())
        }
      }),
      RUNS,
    )
  })
})

/** Values no code can read: a revoked Proxy, getters that throw, a Proxy whose prototype throws. */
function hostile() {
  const revoked = Proxy.revocable({}, {})
  revoked.revoke()
  const boom = () => {
    throw new Error('hostile')
  }
  return [
    revoked.proxy,
    Object.defineProperty({}, 'code', { get: boom }),
    Object.defineProperty({ code: 1 }, 'message', { get: boom }),
    Object.defineProperty({}, 'cause', { get: boom }),
    { data: Object.defineProperty({}, 'originalError', { get: boom }) },
    new Proxy({}, { getPrototypeOf: boom }),
  ]
}

describe('a wallet that throws something unreadable', () => {
  it('is a WALLET_ERROR without its words, never a second error while reporting it', () => {
    for (const value of hostile()) {
      expect(isUserRejection(value)).toBe(false)
      const error = toWalletError(value, 'transaction')
      expect(error).toBeInstanceOf(PorticoError)
      expect(error.code).toBe('WALLET_ERROR')
      expect(error.message).toBe('The wallet failed the transaction')
      expect(error.cause).toBe(value)
    }
  })

  it('still reads a code found before the unreadable part', () => {
    const value = { code: 4001, message: 'x', cause: hostile()[0] }
    expect(isUserRejection(value)).toBe(true)
    expect(toWalletError(value, 'transaction').code).toBe('USER_REJECTED')
  })
})
