import { describe, expect, it, vi } from 'vitest'
import { createMemoryStorage } from '../storage/index.js'
import {
  createFakeUniversalProvider,
  type FakeSession,
} from '../test-utils/fakeUniversalProvider.js'
import { TEST_ACCOUNTS } from '../test-utils/fakeWallet.js'
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
// WalletConnect's own library is the edge of the world: the client the test puts here. A test
// that needs a provider whose code is not built yet starts a new page (`newPage`); the module
// fetched once stays fetched, as in a browser.
const edge = vi.hoisted(() => ({ client: undefined as unknown }))
vi.mock('./loadUniversalProvider.js', async (original) => ({
  ...(await original<typeof import('./loadUniversalProvider.js')>()),
  loadUniversalProvider: async () => edge.client,
}))

function setup(create = createLazyWalletConnectProvider) {
  return create({
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
      message: 'The walletConnect code could not be loaded',
      details: { module: 'walletConnect' },
    })
    await expect(provider.disconnect()).resolves.toBeUndefined()
    fetchOfProvider.fail = false
  })

  it('a disconnect when nothing asked for WalletConnect ends at once, without fetching its code', async () => {
    const open = fetchOfProvider.hold()
    const { provider } = await newPage()
    let ended = false
    void provider.disconnect().then(() => {
      ended = true
    })
    await new Promise((resolve) => setImmediate(resolve))
    expect(ended).toBe(true)
    // Let through for the tests that follow.
    open()
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

/** A new page: WalletConnect's code not fetched yet, with `client` as WalletConnect's library. */
async function newPage(options: { session?: FakeSession } = {}) {
  vi.resetModules()
  const fake = createFakeUniversalProvider({ now: () => Date.now(), ...options })
  edge.client = fake.up
  const { createLazyWalletConnectProvider: create } = await import('./lazyProvider.js')
  return { provider: setup(create), fake }
}

/** Lets the module fetch and promise chains finish. */
async function settle() {
  await vi.dynamicImportSettled()
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve))
}

const SESSION: FakeSession = {
  topic: 'session-topic',
  accounts: [TEST_ACCOUNTS[0]],
  chainId: 31337,
  peer: { name: 'Phone Wallet', icons: [] },
}

describe('what the user does while WalletConnect loads', () => {
  it('listeners, renewals, cancellations and the wallet asked for before the code arrives do not fail', async () => {
    const { provider } = await newPage()
    expect(() => {
      provider.on!('accountsChanged', () => undefined)
      provider.removeListener!('chainChanged', () => undefined)
      provider.removeListener!('accountsChanged', () => undefined)
      provider.refreshPairing()
      provider.cancelPairing(new Error('Replaced by another wallet'))
    }).not.toThrow()
    expect(provider.peer()).toBeUndefined()
  })

  it('listeners added before the code arrives hear the wallet afterwards; one removed before does not', async () => {
    const { provider, fake } = await newPage()
    const first = vi.fn()
    const second = vi.fn()
    const removed = vi.fn()
    provider.on!('accountsChanged', first)
    provider.on!('accountsChanged', second)
    provider.on!('accountsChanged', removed)
    provider.removeListener!('accountsChanged', removed)
    const asked = provider.request({ method: 'eth_accounts' })
    expect(await asked).toEqual([])
    fake.emit('accountsChanged', [TEST_ACCOUNTS[1]])
    expect(first).toHaveBeenCalledWith([TEST_ACCOUNTS[1]])
    expect(second).toHaveBeenCalledWith([TEST_ACCOUNTS[1]])
    expect(removed).not.toHaveBeenCalled()
    // Once it is there, a listener removed stops hearing the wallet too.
    provider.removeListener!('accountsChanged', first)
    fake.emit('accountsChanged', [TEST_ACCOUNTS[0]])
    expect(first).toHaveBeenCalledTimes(1)
    expect(second).toHaveBeenCalledTimes(2)
  })

  it('a connection request cancelled while the code loads is rejected with the reason; other requests are answered', async () => {
    const { provider, fake } = await newPage()
    const accounts = provider.request({ method: 'eth_accounts' })
    const connect = provider.request({ method: 'eth_requestAccounts' }).then(
      () => undefined,
      (e: unknown) => e,
    )
    const reason = new Error('Replaced by another wallet')
    provider.cancelPairing(reason)
    expect(await connect).toBe(reason)
    expect(await accounts).toEqual([])
    await settle()
    expect(fake.state.pairings).toHaveLength(0)
  })

  it('a session restored while the code loads is ended by a disconnect, and the wallet named meanwhile', async () => {
    const { provider, fake } = await newPage({
      session: { ...SESSION, peer: { metadata: { name: 'Phone Wallet', icons: [] } } } as never,
    })
    const accounts = provider.request({ method: 'eth_accounts' })
    expect(await accounts).toEqual([TEST_ACCOUNTS[0]])
    expect(provider.peer()).toEqual({ name: 'Phone Wallet', icon: undefined })
    await provider.disconnect()
    expect(fake.state.deletions).toEqual(['session-topic'])
  })
})
