import { afterEach, describe, expect, it } from 'vitest'
import { createMemoryStorage } from '../storage/index.js'
import { createWalletConnectStorage } from './keyValueStorage.js'
import {
  releaseWalletConnectCore,
  type UniversalProviderInstance,
} from './loadUniversalProvider.js'

const global = globalThis as Record<string, unknown>
afterEach(() => {
  for (const key of Object.keys(global)) {
    if (key.startsWith('_walletConnectCore_')) delete global[key]
  }
})

/** What WalletConnect's page-wide core looks like to `releaseWalletConnectCore`. */
const instanceWithCore = (storageKey: string) => {
  // The core keeps its prefix as ':<prefix>'.
  const core = { customStoragePrefix: `:${storageKey}` }
  return { core, instance: { client: { core } } as unknown as UniversalProviderInstance }
}

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

  it("releases the page-wide core of the client's own key only", () => {
    const shop = instanceWithCore('shop')
    const admin = instanceWithCore('admin')
    global._walletConnectCore_shop = shop.core
    global._walletConnectCore_shop_count = 1
    global._walletConnectCore_admin = admin.core
    releaseWalletConnectCore(shop.instance)
    expect(global._walletConnectCore_shop).toBeUndefined()
    expect(global._walletConnectCore_shop_count).toBeUndefined()
    expect(global._walletConnectCore_admin).toBe(admin.core)
    // A core that is no longer the global one (another client of the same key took over) stays.
    global._walletConnectCore_shop = instanceWithCore('shop').core
    releaseWalletConnectCore(shop.instance)
    expect(global._walletConnectCore_shop).toBeDefined()
    releaseWalletConnectCore(undefined)
  })
})
