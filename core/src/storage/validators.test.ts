import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createLogger } from '../logger/index.js'
import { createMemoryStorage } from './adapter.js'
import { createSafeStorage, storedCache } from './createStorage.js'
import {
  caipAccountId,
  caipNetworkId,
  decimalAmount,
  displayText,
  everyOf,
  evmAddress,
  finiteNumber,
  isUnsafeKey,
  nonNegativeNumber,
  object,
  recordOf,
  reverseDomain,
  string,
  tokenDecimals,
} from './validators.js'

const RUNS = { numRuns: 1_000 }
const hex = (length: number) =>
  fc.string({
    unit: fc.constantFrom(...'0123456789abcdefABCDEF'),
    minLength: length,
    maxLength: length,
  })
/** Strings near each validator's edge: the right alphabet, the wrong length, odd characters. */
const edgy = fc.oneof(
  fc.anything(),
  fc.string(),
  fc.string({ unit: fc.constantFrom(...'0123456789.-:x'), maxLength: 100 }),
  hex(40).map((h) => `0x${h}`),
  fc.constantFrom('9'.repeat(78), '9'.repeat(79), `1.${'0'.repeat(255)}`, `1.${'0'.repeat(256)}`),
)

// Property tests of 1 000 runs take seconds on a loaded machine.
describe('validators of values from outside', { timeout: 30_000 }, () => {
  it('an EVM address is 0x and exactly 40 hex digits', () => {
    expect(evmAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBeDefined()
    const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
    for (const bad of [
      '0xNOTANADDRESS<script>',
      'eip155:1:0xabc',
      '0x',
      `0x${'a'.repeat(41)}`,
      // Something before it, or a value that only reads as one.
      `eip155:1:${address}`,
      [address],
      { toString: () => address },
    ]) {
      expect(evmAddress(bad)).toBeUndefined()
    }
    fc.assert(
      fc.property(edgy, (value) => {
        const out = evmAddress(value)
        if (out !== undefined) expect(out).toMatch(/^0x[0-9a-fA-F]{40}$/)
      }),
      RUNS,
    )
  })

  it('CAIP ids follow the CAIP syntax', () => {
    expect(caipNetworkId('eip155:1')).toBe('eip155:1')
    expect(caipNetworkId('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBeDefined()
    expect(caipNetworkId('<img src=x onerror=alert(1)>:1')).toBeUndefined()
    // Only text: a list or an object whose text form looks like an id is not one.
    expect(caipNetworkId(['eip155:1'])).toBeUndefined()
    expect(caipNetworkId({ toString: () => 'eip155:1' })).toBeUndefined()
    expect(caipAccountId('eip155:1:0x5FbDB2315678afecb367f032d93F642f64180aa3')).toBeDefined()
    expect(caipAccountId('eip155:1:javascript:alert(1)')).toBeUndefined()
    fc.assert(
      fc.property(
        fc.oneof(
          edgy,
          fc
            .tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 40 }), fc.string())
            .map((parts) => parts.join(':')),
        ),
        (value) => {
          const network = caipNetworkId(value)
          if (network !== undefined) {
            const [namespace = '', reference = '', ...more] = network.split(':')
            expect(more).toEqual([])
            expect(namespace).toMatch(/^[-a-z0-9]{3,8}$/)
            expect(reference).toMatch(/^[-_a-zA-Z0-9]{1,32}$/)
          }
          const account = caipAccountId(value)
          if (account !== undefined) {
            const parts = account.split(':')
            expect(parts).toHaveLength(3)
            expect(caipNetworkId(parts.slice(0, 2).join(':'))).toBeDefined()
            expect(parts[2]).toMatch(/^[-.%a-zA-Z0-9]{1,128}$/)
          }
        },
      ),
      RUNS,
    )
  })

  it('amounts are bounded decimals; decimals are 0 to 255', () => {
    expect(decimalAmount('1.5')).toBe('1.5')
    expect(decimalAmount('9'.repeat(1_000_000))).toBeUndefined()
    expect(decimalAmount('-1')).toBeUndefined()
    expect(decimalAmount('1e3')).toBeUndefined()
    expect(tokenDecimals('999')).toBeUndefined()
    expect(tokenDecimals('018')).toBe('18')
    fc.assert(
      fc.property(edgy, (value) => {
        const amount = decimalAmount(value)
        if (amount !== undefined) {
          const [whole = '', fraction = ''] = amount.split('.')
          expect(whole).toMatch(/^\d{1,78}$/)
          expect(fraction.length).toBeLessThanOrEqual(255)
        }
        const decimals = tokenDecimals(value)
        if (decimals !== undefined) {
          expect(Number(decimals)).toBeGreaterThanOrEqual(0)
          expect(Number(decimals)).toBeLessThanOrEqual(255)
          expect(String(Number(decimals))).toBe(decimals)
        }
        const number = nonNegativeNumber(value)
        if (number !== undefined) expect(Number.isFinite(number) && number >= 0).toBe(true)
      }),
      RUNS,
    )
  })

  it('a price or a dollar value is a finite number from 0 up', () => {
    expect(nonNegativeNumber(0)).toBe(0)
    expect(nonNegativeNumber(1.25)).toBe(1.25)
    for (const bad of [-0.01, Number.POSITIVE_INFINITY, Number.NaN, '5', null]) {
      expect(nonNegativeNumber(bad)).toBeUndefined()
    }
  })

  it('a reverse domain has DNS labels of 63 at most, 255 in all', () => {
    expect(reverseDomain('io.metamask')).toBe('io.metamask')
    // A label may be one character.
    expect(reverseDomain('a.io')).toBe('a.io')
    expect(reverseDomain('io.x')).toBe('io.x')
    for (const bad of ['-.-', `${'a'.repeat(250)}.io`, 'io', 'io..metamask', 'io.meta mask']) {
      expect(reverseDomain(bad)).toBeUndefined()
    }
    fc.assert(
      fc.property(fc.oneof(edgy, fc.domain()), (value) => {
        const out = reverseDomain(value)
        if (out === undefined) return
        expect(out.length).toBeLessThanOrEqual(255)
        const labels = out.split('.')
        expect(labels.length).toBeGreaterThanOrEqual(2)
        for (const label of labels) expect(label).toMatch(/^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i)
      }),
      RUNS,
    )
  })

  it('display text is cleaned and bounded', () => {
    fc.assert(
      fc.property(fc.oneof(edgy, fc.string({ unit: 'binary' })), (value) => {
        const out = displayText(32)(value)
        if (out !== undefined) {
          expect(Array.from(out).length).toBeLessThanOrEqual(32)
          expect(displayText(32)(out)).toBe(out)
        }
      }),
      RUNS,
    )
  })
})

describe('records and caches read from storage', { timeout: 30_000 }, () => {
  it('a stored "__proto__" key never becomes a prototype', () => {
    const stored = JSON.parse('{"__proto__": {"polluted": "yes"}, "ok": {"polluted": "no"}}')
    const record = recordOf(object({ polluted: string }))(stored)
    expect(record).toEqual({ ok: { polluted: 'no' } })
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype)

    const adapter = createMemoryStorage({
      '@portico/cache':
        '{"__proto__": {"timestamp": 1, "value": "x"}, "a": {"timestamp": 1, "value": "y"}}',
    })
    const storage = createSafeStorage(adapter, createLogger({ level: 'silent' }))
    const cache = storedCache(storage, 'cache', string)
    expect(cache.get('a', 1_000, 2)).toBe('y')
    expect(cache.get('timestamp', 1_000, 2)).toBeUndefined()
    expect(cache.get('__proto__', 1_000, 2)).toBeUndefined()
    expect(cache.get('constructor', 1_000, 2)).toBeUndefined()
  })

  it('a record never gains a prototype or an entry that fails its validator', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor', 'prototype')),
          fc.anything(),
        ),
        (value) => {
          const parsed = JSON.parse(JSON.stringify(value) ?? '{}')
          const record = recordOf(string)(parsed)
          expect(Object.getPrototypeOf(record)).toBe(Object.prototype)
          for (const [key, entry] of Object.entries(record ?? {})) {
            expect(['__proto__', 'constructor', 'prototype']).not.toContain(key)
            expect(typeof entry).toBe('string')
          }
        },
      ),
      RUNS,
    )
  })
})

const UNSAFE_KEYS = ['__proto__', 'constructor', 'prototype']

describe('isUnsafeKey', { timeout: 30_000 }, () => {
  it('is exactly __proto__, constructor and prototype', () => {
    for (const key of UNSAFE_KEYS) expect(isUnsafeKey(key), key).toBe(true)
    for (const key of [
      '',
      '__proto',
      'proto',
      '__PROTO__',
      ' __proto__',
      '__proto__ ',
      '__proto__\u0000',
      'Constructor',
      'constructors',
      'Prototype',
      'toString',
      'hasOwnProperty',
      'a',
    ]) {
      expect(isUnsafeKey(key), JSON.stringify(key)).toBe(false)
    }
  })

  it('any other key is safe, and assigning it on a new object reaches no prototype (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.constantFrom(...UNSAFE_KEYS),
          fc.string({ unit: 'binary' }),
          fc.string({ unit: fc.constantFrom(...'_protcnsuiPRO '), maxLength: 12 }),
          fc.mixedCase(fc.constantFrom(...UNSAFE_KEYS)).filter((k) => !UNSAFE_KEYS.includes(k)),
        ),
        (key) => {
          const unsafe = isUnsafeKey(key)
          expect(unsafe).toBe(UNSAFE_KEYS.includes(key))
          if (unsafe) return
          // What recordOf and the caches do with a key that passed.
          const out: Record<string, unknown> = {}
          out[key] = { polluted: true }
          expect(Object.getPrototypeOf(out)).toBe(Object.prototype)
          expect(Object.hasOwn(out, key)).toBe(true)
          expect(({} as Record<string, unknown>).polluted).toBeUndefined()
        },
      ),
      RUNS,
    )
  })

  it('records read from JSON drop exactly the unsafe keys (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.tuple(
            fc.oneof(fc.string(), fc.constantFrom(...UNSAFE_KEYS)),
            fc.string({ minLength: 1 }),
          ),
          { selector: ([k]) => k, maxLength: 8 },
        ),
        (entries) => {
          const body = entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`)
          const record = recordOf(string, (k) => (typeof k === 'string' ? k : undefined))(
            JSON.parse(`{${body.join(',')}}`),
          )
          const kept = entries.filter(([k]) => !UNSAFE_KEYS.includes(k))
          expect(Object.keys(record ?? {}).sort()).toEqual(kept.map(([k]) => k).sort())
        },
      ),
      RUNS,
    )
  })
})

describe('the small validators, at their edges', () => {
  it('a finite number is a number that is finite', () => {
    expect(finiteNumber(1.5)).toBe(1.5)
    expect(finiteNumber(0)).toBe(0)
    expect(finiteNumber(-2)).toBe(-2)
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, '1', null, undefined]) {
      expect(finiteNumber(value)).toBeUndefined()
    }
  })

  it('every item or nothing: a value that is no list is nothing', () => {
    expect(everyOf(string)(['a', 'b'])).toEqual(['a', 'b'])
    expect(everyOf(string)(['a', 1])).toBeUndefined()
    for (const value of ['ab', { length: 0 }, null]) expect(everyOf(string)(value)).toBeUndefined()
  })

  it("a record's keys pass their own validator", () => {
    const hexKey = (key: unknown) =>
      typeof key === 'string' && key.startsWith('0x') ? key : undefined
    expect(recordOf(string, hexKey)({ '0xa': 'kept', b: 'dropped' })).toEqual({ '0xa': 'kept' })
  })

  it('an optional field that is null counts as absent', () => {
    const shape = object({ a: string }, { b: string })
    expect(shape({ a: 'x', b: null })).toStrictEqual({ a: 'x' })
    expect(shape({ a: 'x', b: 'y' })).toStrictEqual({ a: 'x', b: 'y' })
    expect(shape({ a: 'x', b: 1 })).toBeUndefined()
  })

  it('ids, decimals and amounts are strings, not values that read as one', () => {
    expect(caipAccountId(['eip155:1:0xabc'])).toBeUndefined()
    expect(caipAccountId('eip155:1:0xabc')).toBe('eip155:1:0xabc')
    expect(tokenDecimals([12])).toBeUndefined()
    expect(tokenDecimals('1e2')).toBeUndefined()
    expect(tokenDecimals('255')).toBe('255')
    expect(tokenDecimals('256')).toBeUndefined()
    const longest = `${'9'.repeat(78)}.${'1'.repeat(255)}`
    expect(longest).toHaveLength(334)
    expect(decimalAmount(longest)).toBe(longest)
  })

  it('a reverse domain is 255 characters at most in all', () => {
    const label = 'a'.repeat(63)
    const at255 = [label, label, label, 'a'.repeat(63)].join('.')
    expect(at255).toHaveLength(255)
    expect(reverseDomain(at255)).toBe(at255)
    expect(reverseDomain(`${at255}.ab`)).toBeUndefined()
    expect(reverseDomain(`${[label, label, label].join('.')}.ab`)).toBeDefined()
  })
})
