import fc from 'fast-check'
import { atom } from 'nanostores'
import { describe, expect, it } from 'vitest'
import { CHAIN_NAMESPACES } from '../caip/index.js'
import { createRecentWallets } from '../connectors/recentWallets.js'
import type { RecentWallet } from '../connectors/types.js'
import { createLogger } from '../logger/index.js'
import { createMemoryStorage, detectBrowserStorage, type StorageAdapter } from './adapter.js'
import { createSafeStorage, storedCache, storedMap, storedValue } from './createStorage.js'
import { isStorageKey, resolveStorageKey, storagePrefix } from './storageKey.js'
import { arrayOf, object, oneOf, recordOf, string } from './validators.js'

const _silent = createLogger({ level: 'silent' })
// These tests read what is stored; when the recent wallets' checks arrive is tested beside them.

/** A storage that refuses everything: access denied, quota full, nothing removable. */
const throwingAdapter = (): StorageAdapter => ({
  getItem: () => {
    throw new DOMException('denied', 'SecurityError')
  },
  setItem: () => {
    throw new DOMException('full', 'QuotaExceededError')
  },
  removeItem: () => {
    throw new Error('nope')
  },
})

function setup(adapter: StorageAdapter = createMemoryStorage()) {
  const errors: unknown[][] = []
  const logger = createLogger({ sink: { error: (...args) => errors.push(args) } })
  return { adapter, storage: createSafeStorage(adapter, logger), errors }
}

describe('recent wallets', () => {
  it('keeps at most two, newest first, without duplicates', () => {
    const { storage } = setup()
    const recent = createRecentWallets(storage, atom<readonly RecentWallet[]>([]))
    recent.add({ id: 'a', name: 'A' })
    recent.add({ id: 'b', name: 'B' })
    recent.add({ id: 'a', name: 'A again' })
    recent.add({ id: 'c', name: 'C' })
    expect(recent.$recentWallets.get().map((w) => w.id)).toEqual(['c', 'a'])
    expect(
      createRecentWallets(storage, atom<readonly RecentWallet[]>([]))
        .$recentWallets.get()
        .map((w) => w.id),
    ).toEqual(['c', 'a'])
  })

  it('reads a stored list longer than two as its first two', () => {
    const { storage, adapter } = setup()
    adapter.setItem(
      '@portico/recent_wallets',
      JSON.stringify([1, 2, 3].map((n) => ({ id: `w${n}`, name: `W${n}` }))),
    )
    expect(
      createRecentWallets(storage, atom<readonly RecentWallet[]>([])).$recentWallets.get(),
    ).toHaveLength(2)
  })
})

describe('safe storage', () => {
  it('keeps values per sub-key apart', () => {
    const { storage } = setup()
    const ids = storedMap(storage, 'connected_connector_id', string)
    ids.set('eip155', 'io.metamask')
    ids.set('solana', 'phantom')
    ids.remove('solana')
    expect(ids.get('eip155')).toBe('io.metamask')
    expect(ids.get('solana')).toBeUndefined()
  })

  it('logs and ignores JSON that does not parse', () => {
    const { storage, adapter, errors } = setup()
    adapter.setItem('@portico/recent_wallets', '{not json')
    adapter.setItem('@portico/active_namespace', 'eip155') // unquoted: not JSON
    expect(
      createRecentWallets(storage, atom<readonly RecentWallet[]>([])).$recentWallets.get(),
    ).toEqual([])
    expect(storedValue(storage, 'active_namespace', oneOf(CHAIN_NAMESPACES)).get()).toBeUndefined()
    expect(errors.length).toBe(2)
    expect(String(errors[0]?.[0])).toContain('not valid JSON')
  })

  it('ignores values of the wrong shape and drops bad list items', () => {
    const { storage, adapter } = setup()
    adapter.setItem('@portico/active_namespace', JSON.stringify('tron'))
    adapter.setItem(
      '@portico/recent_wallets',
      JSON.stringify([{ id: 'ok', name: 'Ok' }, { id: 3 }, null, 'x', { id: 'y', name: 1 }]),
    )
    expect(storedValue(storage, 'active_namespace', oneOf(CHAIN_NAMESPACES)).get()).toBeUndefined()
    expect(
      createRecentWallets(storage, atom<readonly RecentWallet[]>([])).$recentWallets.get(),
    ).toEqual([{ id: 'ok', name: 'Ok' }])
  })

  it('swallows a quota error on write and a storage that throws on read', () => {
    const throwing = throwingAdapter()
    const { storage, errors } = setup(throwing)
    const walletId = storedValue(storage, 'wallet_id', string)
    expect(() =>
      createRecentWallets(storage, atom<readonly RecentWallet[]>([])).add({ id: 'a', name: 'A' }),
    ).not.toThrow()
    expect(() => walletId.set('w')).not.toThrow()
    expect(walletId.get()).toBeUndefined()
    expect(() => walletId.remove()).not.toThrow()
    expect(errors.length).toBeGreaterThanOrEqual(3)
  })

  it('falls back to memory when localStorage is missing or throws', () => {
    expect('localStorage' in globalThis).toBe(false)
    const memory = detectBrowserStorage()
    memory.setItem('k', 'v')
    expect(memory.getItem('k')).toBe('v')

    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('blocked', 'SecurityError')
      },
    })
    try {
      const fallback = detectBrowserStorage()
      fallback.setItem('k', 'v')
      expect(fallback.getItem('k')).toBe('v')
    } finally {
      Reflect.deleteProperty(globalThis, 'localStorage')
    }
  })

  it('expires cache entries by age', () => {
    const { storage } = setup()
    const cache = storedCache(storage, 'name_cache', object({ address: string }))
    cache.set('vitalik.reown.id', { address: '0x1' }, 1_000)
    expect(cache.get('vitalik.reown.id', 300_000, 1_000 + 299_999)).toEqual({ address: '0x1' })
    expect(cache.get('vitalik.reown.id', 300_000, 1_000 + 300_000)).toBeUndefined()
  })

  it('skips cache entries that are not what it wrote: no object, a bad time, a bad value, a time to come', () => {
    const { storage, adapter } = setup()
    adapter.setItem(
      '@portico/name_cache',
      JSON.stringify({
        good: { timestamp: 1_000, value: 'ok' },
        null: null,
        text: 'x',
        stringTime: { timestamp: '1000', value: 'ok' },
        noTime: { value: 'ok' },
        badValue: { timestamp: 1_000, value: 42 },
        future: { timestamp: 5_000, value: 'ok' },
      }),
    )
    const cache = storedCache(storage, 'name_cache', string)
    expect(cache.get('good', 300_000, 2_000)).toBe('ok')
    for (const id of ['null', 'text', 'stringTime', 'noTime', 'badValue', 'future']) {
      expect(cache.get(id, 300_000, 2_000)).toBeUndefined()
    }
    // What is written back keeps only the good entries, and never an entry named __proto__.
    cache.set('next', 'n', 2_000)
    cache.set('__proto__', 'evil', 2_000)
    expect(Object.keys(JSON.parse(adapter.getItem('@portico/name_cache') ?? '{}')).sort()).toEqual([
      'future',
      'good',
      'next',
    ])
  })

  it('a stored cache that is not an object at all reads as empty', () => {
    for (const stored of ['null', '"text"', '7']) {
      const { storage, adapter } = setup()
      adapter.setItem('@portico/name_cache', stored)
      const cache = storedCache(storage, 'name_cache', string)
      expect(cache.get('0', 300_000, 1_000)).toBeUndefined()
      cache.set('a', 'b', 1_000)
      expect(JSON.parse(adapter.getItem('@portico/name_cache') ?? 'null')).toEqual({
        a: { timestamp: 1_000, value: 'b' },
      })
    }
  })

  it('names the key it could not read, write or remove, or whose value it ignored', () => {
    const throwing = throwingAdapter()
    const { storage, errors } = setup(throwing)
    storage.read('wallet_id', string)
    storage.write('wallet_id', 'w')
    storage.remove('wallet_id')
    const shaped = setup()
    shaped.adapter.setItem('@portico/wallet_id', '42')
    expect(shaped.storage.read('wallet_id', string)).toBeUndefined()
    expect([...errors, ...shaped.errors].map(([message]) => message)).toEqual([
      '[portico] storage: could not read wallet_id',
      '[portico] storage: could not write wallet_id',
      '[portico] storage: could not remove wallet_id',
      '[portico] storage: wallet_id has an unexpected shape; ignoring it',
    ])
  })

  it('reads a cache stored as a list as empty, and writes it back as a map', () => {
    const { storage, adapter } = setup()
    // A list's entries would read as ids '0', '1'…: a tampered or foreign value, not a cache.
    adapter.setItem('@portico/name_cache', JSON.stringify([{ timestamp: 1_000, value: 'x' }]))
    const cache = storedCache(storage, 'name_cache', string)
    expect(cache.get('0', 300_000, 1_000)).toBeUndefined()
    cache.set('alice.reown.id', 'y', 2_000)
    expect(JSON.parse(adapter.getItem('@portico/name_cache') ?? 'null')).toEqual({
      'alice.reown.id': { timestamp: 2_000, value: 'y' },
    })
  })

  it('never throws or returns a wrong type, whatever is stored', () => {
    fc.assert(
      fc.property(fc.string(), fc.jsonValue(), fc.boolean(), (raw, json, useJson) => {
        const { storage, adapter } = setup()
        const value = useJson ? JSON.stringify(json) : raw
        for (const key of [
          'recent_wallets',
          'active_namespace',
          'ids:eip155',
          'list',
          'cache',
          'record',
        ]) {
          adapter.setItem(`@portico/${key}`, value)
        }
        const recent = createRecentWallets(
          storage,
          atom<readonly RecentWallet[]>([]),
        ).$recentWallets.get()
        expect(Array.isArray(recent)).toBe(true)
        for (const w of recent)
          expect(typeof w.id === 'string' && typeof w.name === 'string').toBe(true)
        const ns = storedValue(storage, 'active_namespace', oneOf(CHAIN_NAMESPACES)).get()
        expect(ns === undefined || (CHAIN_NAMESPACES as readonly string[]).includes(ns)).toBe(true)
        const id = storedMap(storage, 'ids', string).get('eip155')
        expect(id === undefined || (typeof id === 'string' && id.length > 0)).toBe(true)
        const list = storedValue(storage, 'list', arrayOf(string)).get()
        expect(list === undefined || list.every((item) => typeof item === 'string')).toBe(true)
        expect(() => storedCache(storage, 'cache', string).get('x', 1_000, 0)).not.toThrow()
        const record = storedValue(storage, 'record', recordOf(string)).get()
        expect(
          record === undefined || Object.values(record).every((v) => typeof v === 'string'),
        ).toBe(true)
      }),
      { numRuns: 1_000 },
    )
  })
})

describe('storage key', () => {
  it("is 'portico' by default, so keys keep the @portico/ prefix byte for byte", () => {
    expect(resolveStorageKey(undefined)).toBe('portico')
    expect(storagePrefix(resolveStorageKey(undefined))).toBe('@portico/')
    const { storage, adapter } = setup()
    storedValue(storage, 'wallet_id', string).set('w')
    expect(adapter.getItem('@portico/wallet_id')).toBe('"w"')
  })

  it('keeps the values of two keys apart in one adapter', () => {
    const adapter = createMemoryStorage()
    const logger = createLogger({ level: 'silent' })
    const shop = createSafeStorage(adapter, logger, storagePrefix('shop'))
    const admin = createSafeStorage(adapter, logger, storagePrefix('admin'))
    storedValue(shop, 'wallet_id', string).set('w')
    expect(adapter.getItem('@shop/wallet_id')).toBe('"w"')
    expect(storedValue(admin, 'wallet_id', string).get()).toBeUndefined()
    storedValue(admin, 'wallet_id', string).remove()
    expect(storedValue(shop, 'wallet_id', string).get()).toBe('w')
  })

  it('accepts short identifiers and refuses anything else', () => {
    for (const key of ['portico', 'a', 'shop-2', 'Admin_Panel', '0', 'x'.repeat(32)]) {
      expect(resolveStorageKey(key)).toBe(key)
    }
    for (const key of ['', 'x'.repeat(33), 'a/b', '@portico', 'a:b', 'a b', 'café', '-x', '_x']) {
      expect(() => resolveStorageKey(key)).toThrow(
        'storageKey must be 1 to 32 letters, digits, - or _, starting with a letter or digit',
      )
    }
    for (const value of [null, 7, {}, ['portico'], true]) {
      expect(() => resolveStorageKey(value)).toThrow(
        expect.objectContaining({ code: 'INVALID_OPTIONS', details: { option: 'storageKey' } }),
      )
    }
  })

  it('never lets a separator, a long or an empty key through, whatever the input', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 40 }),
          fc.string({ unit: 'grapheme', maxLength: 40 }),
          fc.anything(),
        ),
        (value) => {
          let key: string | undefined
          try {
            key = resolveStorageKey(value)
          } catch (error) {
            expect(error).toMatchObject({ code: 'INVALID_OPTIONS' })
            expect(value === undefined || !isStorageKey(value)).toBe(true)
            return
          }
          if (value === undefined) {
            expect(key).toBe('portico')
            return
          }
          expect(key).toBe(value)
          expect(key.length).toBeGreaterThanOrEqual(1)
          expect(key.length).toBeLessThanOrEqual(32)
          expect(/[/:@\s.]/.test(key)).toBe(false)
          expect(/^[-_]/.test(key)).toBe(false)
          // The prefix has exactly one '@' and one '/': no key can reach into another's space.
          const prefix = storagePrefix(key)
          expect(prefix.split('/')).toHaveLength(2)
          expect(prefix.split('@')).toHaveLength(2)
        },
      ),
      { numRuns: 1_000 },
    )
  })

  it('accepts every identifier built from the allowed characters', () => {
    const head = fc.constantFrom(...'abcXYZ019')
    const tail = fc.string({ unit: fc.constantFrom(...'azAZ09-_'), maxLength: 31 })
    fc.assert(
      fc.property(head, tail, (first, rest) => {
        expect(resolveStorageKey(first + rest)).toBe(first + rest)
      }),
      { numRuns: 1_000 },
    )
  })
})
