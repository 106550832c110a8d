import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createMemoryStorage, type StorageAdapter } from '../storage/index.js'
import { createWalletConnectStorage } from './keyValueStorage.js'

// WalletConnect keeps its sessions through this interface, in the app's storage under a prefix:
// a session written before a reload is read back after it; a value that is not JSON (another
// script, a truncated write) reads as missing; a full or refusing storage never breaks a pairing.

const PREFIX = '@portico/wc/'

describe('WalletConnect key-value storage', () => {
  it('stores JSON under the prefix, and reads it back after a reload', async () => {
    const adapter = createMemoryStorage()
    const before = createWalletConnectStorage(adapter, PREFIX)
    const session = { topic: 'abc', expiry: 1_700_000_000, peer: { name: 'Wallet' } }
    await before.setItem('wc@2:client:0.3//session', [session])
    expect(adapter.getItem(`${PREFIX}wc@2:client:0.3//session`)).toBe(JSON.stringify([session]))
    const after = createWalletConnectStorage(adapter, PREFIX)
    expect(await after.getItem('wc@2:client:0.3//session')).toEqual([session])
    expect(await after.getItem('missing')).toBeUndefined()
    // Known keys: the ones written or read back.
    expect(await after.getKeys()).toEqual(['wc@2:client:0.3//session'])
    expect(await after.getEntries()).toEqual([['wc@2:client:0.3//session', [session]]])
  })

  it('lists what was set, forgets what was removed', async () => {
    const adapter = createMemoryStorage()
    const storage = createWalletConnectStorage(adapter, PREFIX)
    await storage.setItem('a', 1)
    await storage.setItem('b', { x: true })
    await storage.setItem('c', null)
    expect(await storage.getKeys()).toEqual(['a', 'b', 'c'])
    expect(await storage.getEntries()).toEqual([
      ['a', 1],
      ['b', { x: true }],
      ['c', null],
    ])
    await storage.removeItem('b')
    expect(await storage.getKeys()).toEqual(['a', 'c'])
    expect(adapter.getItem(`${PREFIX}b`)).toBeNull()
    expect(await storage.getItem('b')).toBeUndefined()
  })

  it('a value that is not JSON reads as missing and is not listed', async () => {
    const adapter = createMemoryStorage({ [`${PREFIX}broken`]: '{"topic": "ab' })
    const storage = createWalletConnectStorage(adapter, PREFIX)
    expect(await storage.getItem('broken')).toBeUndefined()
    expect(await storage.getKeys()).toEqual([])
  })

  it('a storage that refuses (full, blocked) never throws', async () => {
    const refusing: StorageAdapter = {
      getItem: () => {
        throw new Error('SecurityError')
      },
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
      removeItem: () => {
        throw new Error('SecurityError')
      },
    }
    const storage = createWalletConnectStorage(refusing, PREFIX)
    await expect(storage.setItem('a', 1)).resolves.toBeUndefined()
    await expect(storage.getItem('a')).resolves.toBeUndefined()
    await expect(storage.getEntries()).resolves.toEqual([])
    await expect(storage.removeItem('a')).resolves.toBeUndefined()
    expect(await storage.getKeys()).toEqual([])
  })

  it('whatever JSON value is set is read back equal; other prefixes are untouched (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string(), fc.jsonValue(), async (key, value) => {
        const adapter = createMemoryStorage({ other: 'kept' })
        const storage = createWalletConnectStorage(adapter, PREFIX)
        await storage.setItem(key, value)
        // JSON has no -0: it reads back as 0.
        expect(await storage.getItem(key)).toEqual(JSON.parse(JSON.stringify(value)))
        expect(adapter.getItem('other')).toBe('kept')
        expect(await storage.getKeys()).toEqual([key])
      }),
      { numRuns: 1_000 },
    )
  })

  it('never throws on whatever the storage holds (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string(), async (raw) => {
        const storage = createWalletConnectStorage(
          createMemoryStorage({ [`${PREFIX}k`]: raw }),
          PREFIX,
        )
        await storage.getItem('k')
      }),
      { numRuns: 1_000 },
    )
  })
})
