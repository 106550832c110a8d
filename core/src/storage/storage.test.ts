import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createLogger } from '../logger/index.js'
import { createMemoryStorage, detectBrowserStorage, type StorageAdapter } from './adapter.js'
import { createPorticoStorage } from './portico.js'
import { arrayOf, object, oneOf, recordOf, string } from './validators.js'

function setup(adapter: StorageAdapter = createMemoryStorage()) {
  const errors: unknown[][] = []
  const logger = createLogger({ sink: { error: (...args) => errors.push(args) } })
  return { adapter, storage: createPorticoStorage(adapter, logger), errors }
}

describe('typed storage', () => {
  it('keeps at most two recent wallets, newest first, without duplicates', () => {
    const { storage } = setup()
    storage.recentWallets.add({ id: 'a', name: 'A' })
    storage.recentWallets.add({ id: 'b', name: 'B' })
    storage.recentWallets.add({ id: 'a', name: 'A again' })
    storage.recentWallets.add({ id: 'c', name: 'C' })
    expect(storage.recentWallets.get().map((w) => w.id)).toEqual(['c', 'a'])
  })

  it('reads a stored list longer than two as its first two', () => {
    const { storage, adapter } = setup()
    adapter.setItem(
      '@portico/recent_wallets',
      JSON.stringify([1, 2, 3].map((n) => ({ id: `w${n}`, name: `W${n}` }))),
    )
    expect(storage.recentWallets.get()).toHaveLength(2)
  })

  it('keeps values per namespace apart', () => {
    const { storage } = setup()
    storage.connectedConnectorId.set('eip155', 'io.metamask')
    storage.connectedConnectorId.set('solana', 'phantom')
    storage.connectedConnectorId.remove('solana')
    expect(storage.connectedConnectorId.get('eip155')).toBe('io.metamask')
    expect(storage.connectedConnectorId.get('solana')).toBeUndefined()
  })

  it('logs and ignores JSON that does not parse', () => {
    const { storage, adapter, errors } = setup()
    adapter.setItem('@portico/recent_wallets', '{not json')
    adapter.setItem('@portico/active_namespace', 'eip155') // unquoted: not JSON
    expect(storage.recentWallets.get()).toEqual([])
    expect(storage.activeNamespace.get()).toBeUndefined()
    expect(errors.length).toBe(2)
    expect(String(errors[0]?.[0])).toContain('not valid JSON')
  })

  it('ignores values of the wrong shape and drops bad list items', () => {
    const { storage, adapter } = setup()
    adapter.setItem('@portico/active_namespace', JSON.stringify('tron'))
    adapter.setItem('@portico/active_caip_network_id:eip155', JSON.stringify('eip155'))
    adapter.setItem(
      '@portico/recent_wallets',
      JSON.stringify([{ id: 'ok', name: 'Ok' }, { id: 3 }, null, 'x', { id: 'y', name: 1 }]),
    )
    expect(storage.activeNamespace.get()).toBeUndefined()
    expect(storage.activeCaipNetworkId.get('eip155')).toBeUndefined()
    expect(storage.recentWallets.get()).toEqual([{ id: 'ok', name: 'Ok' }])
  })

  it('swallows a quota error on write and a storage that throws on read', () => {
    const throwing: StorageAdapter = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError')
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError')
      },
      removeItem: () => {
        throw new Error('nope')
      },
    }
    const { storage, errors } = setup(throwing)
    expect(() => storage.recentWallets.add({ id: 'a', name: 'A' })).not.toThrow()
    expect(() => storage.walletId.set('w')).not.toThrow()
    expect(storage.walletId.get()).toBeUndefined()
    expect(() => storage.walletId.remove()).not.toThrow()
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
    storage.nameCache.set('vitalik.reown.id', { address: '0x1' }, 1_000)
    expect(storage.nameCache.get('vitalik.reown.id', 300_000, 1_000 + 299_999)).toEqual({
      address: '0x1',
    })
    expect(storage.nameCache.get('vitalik.reown.id', 300_000, 1_000 + 300_000)).toBeUndefined()
  })

  it('never throws or returns a wrong type, whatever is stored', () => {
    fc.assert(
      fc.property(fc.string(), fc.jsonValue(), fc.boolean(), (raw, json, useJson) => {
        const { storage, adapter } = setup()
        const value = useJson ? JSON.stringify(json) : raw
        for (const key of [
          'recent_wallets',
          'active_namespace',
          'connected_connector_id:eip155',
          'connected_namespaces',
          'portfolio_cache',
          'preferred_account_types',
          'siwx_sessions',
        ]) {
          adapter.setItem(`@portico/${key}`, value)
        }
        const recent = storage.recentWallets.get()
        expect(Array.isArray(recent)).toBe(true)
        for (const w of recent)
          expect(typeof w.id === 'string' && typeof w.name === 'string').toBe(true)
        const ns = storage.activeNamespace.get()
        expect(ns === undefined || typeof ns === 'string').toBe(true)
        const id = storage.connectedConnectorId.get('eip155')
        expect(id === undefined || (typeof id === 'string' && id.length > 0)).toBe(true)
        expect(() => storage.balanceCache.get('x', 1_000, 0)).not.toThrow()
        const namespaces = storage.connectedNamespaces.get()
        expect(namespaces === undefined || Array.isArray(namespaces)).toBe(true)
        const sessions = storage.siwxSessions.get()
        expect(sessions === undefined || Array.isArray(sessions)).toBe(true)
      }),
    )
  })
})

describe('validators', () => {
  it('never throw and return undefined or a value of the declared shape', () => {
    const wallet = object({ id: string }, { name: string })
    const list = arrayOf(wallet)
    const mode = oneOf(['light', 'dark'])
    const map = recordOf(string)
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const w = wallet(value)
        expect(w === undefined || typeof w.id === 'string').toBe(true)
        const l = list(value)
        expect(l === undefined || l.every((item) => typeof item.id === 'string')).toBe(true)
        expect([undefined, 'light', 'dark']).toContain(mode(value))
        const m = map(value)
        expect(m === undefined || Object.values(m).every((v) => typeof v === 'string')).toBe(true)
      }),
    )
  })
})
