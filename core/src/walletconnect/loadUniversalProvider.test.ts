import { Core } from '@walletconnect/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMemoryStorage } from '../storage/index.js'
import { createWalletConnectStorage } from './keyValueStorage.js'
import { createOwnCore } from './loadUniversalProvider.js'

const global = globalThis as Record<string, unknown>
afterEach(() => {
  for (const key of Object.keys(global)) {
    if (key.startsWith('_walletConnectCore_')) delete global[key]
  }
  vi.restoreAllMocks()
})

const core = (storageKey: string) =>
  new Core({ projectId: 'p', customStoragePrefix: storageKey, logger: 'silent' })
describe('WalletConnect under the storage key', () => {
  it('keeps its records under @<storageKey>/wc/', async () => {
    const adapter = createMemoryStorage()
    const shop = createWalletConnectStorage(adapter, '@shop/wc/')
    const admin = createWalletConnectStorage(adapter, '@admin/wc/')
    await shop.setItem('wc@2:client:0.3:session', [{ topic: 't' }])
    expect(adapter.getItem('@shop/wc/wc@2:client:0.3:session')).toBe('[{"topic":"t"}]')
    expect(await admin.getItem('wc@2:client:0.3:session')).toBeUndefined()
    expect(await shop.getItem('wc@2:client:0.3:session')).toEqual([{ topic: 't' }])
  })

  it('gives every client a core of its own, even under the same storage key', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    // WalletConnect alone hands the second client the first one's core, and warns.
    const shared = [core('shop'), core('shop')]
    expect(shared[1]).toBe(shared[0])
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Init() was called 2 times'))
    warn.mockClear()

    const first = createOwnCore('shop', () => core('shop'))
    const second = createOwnCore('shop', () => core('shop'))
    expect(second).not.toBe(first)
    expect(second).not.toBe(shared[0])
    expect(warn).not.toHaveBeenCalled()
    // What was in the globals before is put back as it was, and nothing of ours is left there.
    expect(global._walletConnectCore_shop).toBe(shared[0])
    expect(global._walletConnectCore_shop_count).toBe(2)
    createOwnCore('admin', () => core('admin'))
    expect(global._walletConnectCore_admin).toBeUndefined()
    expect(global._walletConnectCore_admin_count).toBeUndefined()
  })

  it('puts the globals back when building the core fails', () => {
    global._walletConnectCore_shop = 'theirs'
    expect(() =>
      createOwnCore('shop', () => {
        throw new Error('no core')
      }),
    ).toThrow('no core')
    expect(global._walletConnectCore_shop).toBe('theirs')
  })
})
