import { describe, expect, it, vi } from 'vitest'
import { createMemoryStorage } from '../storage/index.js'
import { testNetworks } from '../test-utils/networks.js'
import { createLazyWalletConnectProvider } from './lazyProvider.js'

// The provider's code (`./provider.js`) arrives with import() when first asked for. The test holds
// that fetch, or makes it fail as a lost chunk does, to see what the user did meanwhile count.
const fetchOfProvider = await vi.hoisted(async () =>
  (await import('../test-utils/moduleFetch.js')).createModuleFetch(),
)
vi.mock('./provider.js', async (original) => {
  await fetchOfProvider.arrive()
  return original()
})

function setup() {
  return createLazyWalletConnectProvider({
    load: {
      projectId: 'p',
      relayUrl: 'ws://127.0.0.1:9',
      metadata: { name: 'App', description: '', url: 'https://app.example', icons: [] },
      storage: createMemoryStorage(),
      storageKey: '@portico',
    },
    networks: testNetworks,
    onUri: () => undefined,
    onPairingError: () => undefined,
  })
}

describe('WalletConnect before its code has arrived', () => {
  // First: once the code has arrived it stays for the rest of the file.
  it('a disconnect after the code could not be fetched ends quietly: nothing was restored', async () => {
    fetchOfProvider.fail = true
    const provider = setup()
    await expect(provider.request({ method: 'eth_accounts' })).rejects.toMatchObject({
      code: 'MODULE_LOAD_FAILED',
    })
    await expect(provider.disconnect()).resolves.toBeUndefined()
    fetchOfProvider.fail = false
  })

  it('a request made while the code loads, on a client closed meanwhile, asks nothing and is aborted', async () => {
    const open = fetchOfProvider.hold()
    const provider = setup()
    const asked = provider.request({ method: 'eth_chainId' }).then(
      () => undefined,
      (e: unknown) => e,
    )
    await provider.close()
    open()
    expect(await asked).toMatchObject({ code: 'ABORTED', message: 'WalletConnect was closed' })
  })
})
