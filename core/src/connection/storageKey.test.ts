// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { createMemoryStorage, type StorageAdapter } from '../storage/index.js'
import { createFakeWallet, TEST_ACCOUNTS } from '../test-utils/fakeWallet.js'
import { cleanupAfterEach, createOfflinePortico, DOWN_NETWORKS } from '../test-utils/offline.js'

const networks = [DOWN_NETWORKS[0]] as const

const cleanup = cleanupAfterEach()

function client(storage: StorageAdapter, storageKey?: string) {
  return createOfflinePortico(cleanup, { networks, storage, storageKey }).client
}

const keysOf = (storage: Map<string, string>) => [...storage.keys()].sort()

/** A memory storage whose keys the test can list. */
function listableStorage() {
  const map = new Map<string, string>()
  const adapter: StorageAdapter = {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  }
  return { map, adapter }
}

describe('two clients on one page', () => {
  it('with different storage keys, neither sees the other connection, now or after a reload', async () => {
    const wallet = createFakeWallet()
    cleanup(wallet.announce(window, { name: 'Fake Wallet', rdns: 'dev.portico.fake' }))
    const { map, adapter } = listableStorage()
    const shop = client(adapter, 'shop')
    const admin = client(adapter, 'admin')

    await shop.connection.connect({ connectorId: 'dev.portico.fake' })
    expect(shop.account.$account.get().status).toBe('connected')
    expect(admin.account.$account.get().status).toBe('disconnected')
    expect(keysOf(map).every((key) => key.startsWith('@shop/'))).toBe(true)
    expect(map.get('@shop/connected_connector_id:eip155')).toBe('"dev.portico.fake"')

    // A reload: the admin client finds nothing to restore and never asks the wallet.
    admin.destroy()
    const before = wallet.calls.length
    const adminAgain = client(adapter, 'admin')
    await adminAgain.connection.reconnect()
    expect(adminAgain.account.$account.get().status).toBe('disconnected')
    expect(wallet.calls.length).toBe(before)

    // Disconnecting one does not touch the other's storage.
    await adminAgain.connection.disconnect()
    expect(map.get('@shop/connected_connector_id:eip155')).toBe('"dev.portico.fake"')
    shop.destroy()
    const shopAgain = client(adapter, 'shop')
    await shopAgain.connection.reconnect()
    expect(shopAgain.account.$account.get()).toMatchObject({
      status: 'connected',
      address: TEST_ACCOUNTS[0],
    })
  })

  it('without a storage key, a session stored under @portico/ is restored as before', async () => {
    const wallet = createFakeWallet({ authorized: true })
    cleanup(wallet.announce(window, { name: 'Fake Wallet', rdns: 'dev.portico.fake' }))
    const storage = createMemoryStorage({
      '@portico/connected_connector_id:eip155': JSON.stringify('dev.portico.fake'),
      '@portico/connected_namespaces': JSON.stringify(['eip155']),
    })
    const portico = client(storage)
    await portico.connection.reconnect()
    expect(portico.account.$account.get().status).toBe('connected')
  })

  it('refuses a storage key that is not a short identifier', () => {
    const storage = createMemoryStorage()
    for (const storageKey of ['', 'a/b', '@portico', 'x'.repeat(33)]) {
      expect(() => client(storage, storageKey)).toThrow(
        expect.objectContaining({
          code: 'INVALID_OPTIONS',
          message:
            'storageKey must be 1 to 32 letters, digits, - or _, starting with a letter or digit',
        }),
      )
    }
  })
})
