import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkSendCalls, checkTransaction, isTransactionLike } from './rpc.js'

const RUNS = { numRuns: 1_000 }
const hex = (length: number) =>
  fc.string({
    unit: fc.constantFrom(...'0123456789abcdefABCDEF'),
    minLength: length,
    maxLength: length,
  })
const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const SLOT = `0x${'00'.repeat(31)}01`
const BLOB = `0x01${'ab'.repeat(31)}`

describe('isTransactionLike: 0x and 64 hex characters, or 0x and at least 62', () => {
  it('pins the lengths', () => {
    expect(isTransactionLike(`0x${'a'.repeat(64)}`)).toBe(true)
    expect(isTransactionLike(`0x${'a'.repeat(62)}`)).toBe(true)
    expect(isTransactionLike(`0x${'a'.repeat(61)}`)).toBe(false)
    expect(isTransactionLike(`0x${'a'.repeat(130)}`)).toBe(true)
    expect(isTransactionLike(`${'a'.repeat(64)}`)).toBe(false)
    expect(isTransactionLike(`0x${'g'.repeat(64)}`)).toBe(false)
    // The whole text is the hash: nothing before the 0x, nothing after the digits.
    expect(isTransactionLike(`0x${'a'.repeat(64)}zz`)).toBe(false)
    expect(isTransactionLike(`zz0x${'a'.repeat(64)}`)).toBe(false)
    expect(isTransactionLike(42)).toBe(false)
    expect(isTransactionLike({ hash: `0x${'a'.repeat(64)}` })).toBe(false)
  })

  it('holds for any hex string by its length (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200 }).chain((n) => hex(n)),
        (digits) => {
          expect(isTransactionLike(`0x${digits}`)).toBe(digits.length >= 62)
        },
      ),
      RUNS,
    )
  })

  it('never throws, whatever the value (property)', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(typeof isTransactionLike(value)).toBe('boolean')
      }),
      RUNS,
    )
  })
})

describe('checkSendCalls: every call needs a `to` starting with 0x', () => {
  it('accepts calls whose every `to` starts with 0x, as params or bare', () => {
    const request = { calls: [{ to: ADDRESS, value: '0x1' }, { to: '0xabc' }] }
    expect(checkSendCalls([request])).toBeUndefined()
    expect(checkSendCalls(request)).toBeUndefined()
  })

  it('refuses a missing, empty or malformed list, and a `to` without 0x', () => {
    expect(checkSendCalls([])).toEqual({ key: 'auth.rpc.sendCallsShape' })
    expect(checkSendCalls([{ calls: [] }])).toEqual({ key: 'auth.rpc.sendCallsShape' })
    expect(checkSendCalls([{ calls: 'x' }])).toEqual({ key: 'auth.rpc.sendCallsShape' })
    expect(checkSendCalls(null)).toEqual({ key: 'auth.rpc.sendCallsShape' })
    expect(checkSendCalls([{ calls: [{ to: ADDRESS }, { to: 'abc' }] }])).toEqual({
      key: 'auth.rpc.sendCallsTo',
    })
    expect(checkSendCalls([{ calls: [{ data: '0x' }] }])).toEqual({ key: 'auth.rpc.sendCallsTo' })
    expect(checkSendCalls([{ calls: [null] }])).toEqual({ key: 'auth.rpc.sendCallsTo' })
    expect(checkSendCalls([{ calls: [{ to: 7 }] }])).toEqual({ key: 'auth.rpc.sendCallsTo' })
  })

  it('accepts exactly the lists whose every `to` starts with 0x (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.string(),
            hex(40).map((h) => `0x${h}`),
          ),
          { minLength: 1 },
        ),
        (tos) => {
          const result = checkSendCalls([{ calls: tos.map((to) => ({ to })) }])
          if (tos.every((to) => to.startsWith('0x'))) expect(result).toBeUndefined()
          else expect(result).toEqual({ key: 'auth.rpc.sendCallsTo' })
        },
      ),
      RUNS,
    )
  })

  it('never throws, whatever the params (property)', () => {
    fc.assert(
      fc.property(fc.anything(), (params) => {
        const result = checkSendCalls(params)
        expect(result === undefined || typeof result.key === 'string').toBe(true)
      }),
      RUNS,
    )
  })
})

describe('checkTransaction: the encoding checks before signing', () => {
  it('accepts the usual transactions', () => {
    expect(checkTransaction({ to: ADDRESS, value: '0x2386f26fc10000' })).toBeUndefined()
    expect(checkTransaction({ to: null, data: '0x60', gas: 21_000 })).toBeUndefined()
    expect(checkTransaction({ to: ADDRESS, gasPrice: '0x1', type: '0x0' })).toBeUndefined()
    expect(
      checkTransaction({ to: ADDRESS, maxFeePerGas: '0x2', maxPriorityFeePerGas: '0x2' }),
    ).toBeUndefined()
    expect(
      checkTransaction({
        to: ADDRESS,
        gasPrice: '0x1',
        accessList: [{ address: ADDRESS, storageKeys: [SLOT] }],
      }),
    ).toBeUndefined()
    expect(
      checkTransaction({ to: ADDRESS, type: '0x3', blobVersionedHashes: [BLOB] }),
    ).toBeUndefined()
    expect(checkTransaction({ to: ADDRESS, chainId: 31337n, nonce: 0 })).toBeUndefined()
    expect(checkTransaction({ to: ADDRESS, maxFeePerGas: 2n ** 256n - 1n })).toBeUndefined()
  })

  it('refuses each broken rule with its message', () => {
    expect(checkTransaction('0x')).toEqual({ key: 'auth.rpc.transactionShape' })
    expect(checkTransaction([{}])).toEqual({ key: 'auth.rpc.transactionShape' })
    expect(checkTransaction({ to: ADDRESS, type: '0x9' })).toEqual({
      key: 'auth.rpc.transactionShape',
    })
    expect(checkTransaction({ to: ADDRESS, type: 2 })).toEqual({ key: 'auth.rpc.transactionShape' })
    expect(checkTransaction({ value: '12' })).toEqual({
      key: 'auth.rpc.quantity',
      params: { field: 'value' },
    })
    expect(checkTransaction({ gas: -1 })).toEqual({
      key: 'auth.rpc.quantity',
      params: { field: 'gas' },
    })
    expect(checkTransaction({ nonce: 1.5 })).toEqual({
      key: 'auth.rpc.quantity',
      params: { field: 'nonce' },
    })
    expect(checkTransaction({ value: -1n })).toEqual({
      key: 'auth.rpc.quantity',
      params: { field: 'value' },
    })
    expect(checkTransaction({ chainId: '0x0' })).toEqual({ key: 'auth.rpc.chainId' })
    expect(checkTransaction({ to: '0x1234' })).toEqual({ key: 'auth.rpc.to' })
    expect(checkTransaction({ to: 5 })).toEqual({ key: 'auth.rpc.to' })
    expect(checkTransaction({ type: 'legacy', maxFeePerGas: '0x1' })).toEqual({
      key: 'auth.rpc.feeFieldsForType',
    })
    expect(checkTransaction({ type: '0x1', maxPriorityFeePerGas: '0x1' })).toEqual({
      key: 'auth.rpc.feeFieldsForType',
    })
    // A fee field holds 256 bits: 2^256 - 1 is the most it can say.
    expect(checkTransaction({ maxFeePerGas: 2n ** 256n })).toEqual({
      key: 'auth.rpc.feeCapTooHigh',
    })
    expect(checkTransaction({ gasPrice: 2n ** 256n })).toEqual({
      key: 'auth.rpc.feeCapTooHigh',
    })
    expect(checkTransaction({ maxFeePerGas: 2n ** 256n - 1n })).toBeUndefined()
    expect(checkTransaction({ gasPrice: `0x${'f'.repeat(64)}` })).toBeUndefined()
    expect(checkTransaction({ maxFeePerGas: '0x1', maxPriorityFeePerGas: '0x2' })).toEqual({
      key: 'auth.rpc.tipAboveFeeCap',
    })
    expect(checkTransaction({ accessList: {} })).toEqual({ key: 'auth.rpc.accessList' })
    expect(checkTransaction({ accessList: [{ address: '0x1', storageKeys: [] }] })).toEqual({
      key: 'auth.rpc.accessList',
    })
    expect(checkTransaction({ accessList: [{ address: ADDRESS }] })).toEqual({
      key: 'auth.rpc.accessList',
    })
    expect(checkTransaction({ accessList: [null] })).toEqual({ key: 'auth.rpc.accessList' })
    // Storage keys that are not a list (a string is not a list of its characters).
    expect(checkTransaction({ accessList: [{ address: ADDRESS, storageKeys: SLOT }] })).toEqual({
      key: 'auth.rpc.accessList',
    })
    expect(
      checkTransaction({ accessList: [{ address: ADDRESS, storageKeys: [SLOT.slice(0, -2)] }] }),
    ).toEqual({ key: 'auth.rpc.storageKey' })
    expect(
      checkTransaction({
        accessList: [{ address: ADDRESS, storageKeys: [`0x${'zz'.repeat(32)}`] }],
      }),
    ).toEqual({ key: 'auth.rpc.storageKey' })
    expect(checkTransaction({ type: '0x3', blobVersionedHashes: [] })).toEqual({
      key: 'auth.rpc.blobHashesEmpty',
    })
    expect(checkTransaction({ blobVersionedHashes: 'x' })).toEqual({
      key: 'auth.rpc.blobHashesEmpty',
    })
    expect(checkTransaction({ type: 'eip4844', blobVersionedHashes: [BLOB.slice(0, -2)] })).toEqual(
      {
        key: 'auth.rpc.blobHashSize',
      },
    )
    expect(
      checkTransaction({ type: '0x3', blobVersionedHashes: [`0x02${'ab'.repeat(31)}`] }),
    ).toEqual({
      key: 'auth.rpc.blobHashVersion',
    })
  })

  it('reads every hex field as a whole: nothing before the 0x, nothing after the digits', () => {
    const junkAfter = (hexText: string) => `${hexText}zz`
    const junkBefore = (hexText: string) => `zz${hexText}`
    for (const spoil of [junkAfter, junkBefore]) {
      expect(checkTransaction({ to: spoil(ADDRESS) })).toEqual({ key: 'auth.rpc.to' })
      expect(
        checkTransaction({ accessList: [{ address: spoil(ADDRESS), storageKeys: [] }] }),
      ).toEqual({ key: 'auth.rpc.accessList' })
      expect(checkTransaction({ value: spoil('0x1') })).toEqual({
        key: 'auth.rpc.quantity',
        params: { field: 'value' },
      })
    }
    // Same length as a slot or a blob hash, but with text around the hex.
    const slot = `zz0x${'00'.repeat(31)}`
    expect(checkTransaction({ accessList: [{ address: ADDRESS, storageKeys: [slot] }] })).toEqual({
      key: 'auth.rpc.storageKey',
    })
    expect(
      checkTransaction({ type: '0x3', blobVersionedHashes: [`zz0x01${'ab'.repeat(30)}`] }),
    ).toEqual({
      key: 'auth.rpc.blobHashSize',
    })
    // 0x with no digits is no quantity.
    expect(checkTransaction({ gas: '0x' })).toEqual({
      key: 'auth.rpc.quantity',
      params: { field: 'gas' },
    })
  })

  it('zero is a quantity, whatever its form', () => {
    expect(checkTransaction({ to: ADDRESS, value: 0n, nonce: 0, gas: '0x0' })).toBeUndefined()
  })

  it('a priority fee alone, or beside a gas price, makes an EIP-1559 transaction', () => {
    expect(checkTransaction({ maxPriorityFeePerGas: '0x1' })).toBeUndefined()
    expect(checkTransaction({ gasPrice: '0x1', maxPriorityFeePerGas: '0x1' })).toBeUndefined()
    // Untyped with blob hashes: a blob transaction, whose hashes are checked.
    expect(checkTransaction({ blobVersionedHashes: [`0x02${'ab'.repeat(31)}`] })).toEqual({
      key: 'auth.rpc.blobHashVersion',
    })
  })

  it('a type inferred from the fee fields: gasPrice alone is legacy, with an access list EIP-2930', () => {
    // Inferred legacy / EIP-2930 refuse max-fee fields only when typed so; an untyped request
    // with both gasPrice and maxFeePerGas is EIP-1559 by its fee fields.
    expect(checkTransaction({ gasPrice: '0x1', maxFeePerGas: '0x1' })).toBeUndefined()
    expect(
      checkTransaction({ type: '0x1', gasPrice: '0x1', accessList: [], maxFeePerGas: '0x1' }),
    ).toEqual({ key: 'auth.rpc.feeFieldsForType' })
  })

  it('a priority fee up to the fee cap passes, above it is refused (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }),
        fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }),
        (cap, tip) => {
          const result = checkTransaction({
            to: ADDRESS,
            maxFeePerGas: `0x${cap.toString(16)}`,
            maxPriorityFeePerGas: `0x${tip.toString(16)}`,
          })
          expect(result).toEqual(tip > cap ? { key: 'auth.rpc.tipAboveFeeCap' } : undefined)
        },
      ),
      RUNS,
    )
  })

  it('never throws, and answers a known message key (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.record(
            {
              to: fc.oneof(fc.constant(ADDRESS), fc.string(), fc.constant(null)),
              value: fc.oneof(fc.bigInt(), fc.integer(), fc.string()),
              type: fc.oneof(
                fc.constantFrom('0x0', '0x1', '0x2', '0x3', '0x4', 'legacy'),
                fc.string(),
              ),
              gasPrice: fc.bigInt(),
              maxFeePerGas: fc.bigInt(),
              maxPriorityFeePerGas: fc.bigInt(),
              accessList: fc.anything(),
              blobVersionedHashes: fc.anything(),
            },
            { requiredKeys: [] },
          ),
        ),
        (tx) => {
          const result = checkTransaction(tx)
          expect(result === undefined || result.key.startsWith('auth.rpc.')).toBe(true)
        },
      ),
      RUNS,
    )
  })
})
