import { describe, expect, it, vi } from 'vitest'
import type { Eip1193Provider } from '../connectors/index.js'
import { createMemoryStorage } from '../storage/index.js'
import {
  createFakeUniversalProvider,
  type FakeSession,
} from '../test-utils/fakeUniversalProvider.js'
import { TEST_ACCOUNTS } from '../test-utils/fakeWallet.js'
import { testNetworks } from '../test-utils/networks.js'
import { turns } from '../test-utils/turns.js'
import type { WalletConnectProvider } from './createWalletConnectProvider.js'

// WalletConnect's heavy half (`./lazy.js`: the provider behind the connector's front) arrives with
// import() when first asked for. The test holds that fetch, or makes it fail as a lost chunk does,
// to see what the user did meanwhile count.
const fetchOfHalf = await vi.hoisted(async () =>
  (await import('../test-utils/moduleFetch.js')).createModuleFetch(),
)
vi.mock('./lazy.js', async (original) => {
  await fetchOfHalf.arrive()
  return original()
})
// WalletConnect's own library is the edge of the world: the client the test puts here. Each test
// starts a new page (`newPage`): the half's code fetched once stays fetched, as in a browser.
const edge = vi.hoisted(() => ({ client: undefined as unknown, loads: 0 }))
vi.mock('./loadUniversalProvider.js', async (original) => ({
  ...(await original<typeof import('./loadUniversalProvider.js')>()),
  loadUniversalProvider: async () => {
    edge.loads++
    return edge.client
  },
}))

/** The connector's provider: the front every page has, before WalletConnect's code. */
type Front = Eip1193Provider & Pick<WalletConnectProvider, 'cancelPairing' | 'disconnect'>

/** A new page (the half's code not fetched yet), with `fake` as WalletConnect's library. */
async function newPage(options: { session?: FakeSession } = {}) {
  vi.resetModules()
  const fake = createFakeUniversalProvider({ now: () => Date.now(), ...options })
  edge.client = fake.up
  edge.loads = 0
  const { createPortico } = await import('../client/index.js')
  const client = createPortico({
    projectId: 'p',
    networks: testNetworks,
    storage: createMemoryStorage(),
    logLevel: 'silent',
  })
  const provider = client.walletConnect.connector.provider as Front
  return { client, provider, fake }
}

/** Lets the module fetch and promise chains finish. */
async function settle() {
  await vi.dynamicImportSettled()
  await turns()
}

const SESSION: FakeSession = {
  topic: 'session-topic',
  accounts: [TEST_ACCOUNTS[0]],
  chainId: 31337,
  peer: { name: 'Phone Wallet', icons: [] },
}

describe('WalletConnect before its code has arrived', () => {
  it('a disconnect after the code could not be fetched ends quietly: nothing was restored', async () => {
    const { client, provider } = await newPage()
    fetchOfHalf.fail = true
    await expect(provider.request({ method: 'eth_accounts' })).rejects.toMatchObject({
      code: 'MODULE_LOAD_FAILED',
      message: 'The walletConnect code could not be loaded',
      details: { module: 'walletConnect' },
    })
    await expect(provider.disconnect()).resolves.toBeUndefined()
    fetchOfHalf.fail = false
    client.destroy()
  })

  it('a disconnect when nothing asked for WalletConnect ends at once, without fetching its code', async () => {
    const open = fetchOfHalf.hold()
    const { client, provider } = await newPage()
    let ended = false
    void provider.disconnect().then(() => {
      ended = true
    })
    await turns(1)
    expect(ended).toBe(true)
    // Let through for the tests that follow.
    open()
    client.destroy()
  })

  it('a request made while the code loads, on a client closed meanwhile, asks nothing and is aborted', async () => {
    const { client, provider } = await newPage()
    const open = fetchOfHalf.hold()
    const asked = provider.request({ method: 'eth_chainId' }).then(
      () => undefined,
      (e: unknown) => e,
    )
    client.destroy()
    open()
    expect(await asked).toMatchObject({ code: 'ABORTED', message: 'The client was destroyed' })
    expect(edge.loads).toBe(0)
  })
})

describe('what the user does while WalletConnect loads', () => {
  it('listeners, renewals, cancellations and the links asked for before the code arrives do not fail', async () => {
    const { client, provider } = await newPage()
    expect(() => {
      provider.on!('accountsChanged', () => undefined)
      provider.removeListener!('chainChanged', () => undefined)
      provider.removeListener!('accountsChanged', () => undefined)
      provider.cancelPairing(new Error('Replaced by another wallet'))
    }).not.toThrow()
    // No pairing URI yet, so no link to open.
    expect(client.walletConnect.links()).toEqual({})
    expect(() => client.walletConnect.openLink('mobile')).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT' }),
    )
    client.destroy()
  })

  it('listeners added before the code arrives hear the wallet afterwards; one removed before does not', async () => {
    const { client, provider, fake } = await newPage()
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
    client.destroy()
  })

  it('a connection request cancelled while the code loads is rejected with the reason; other requests are answered', async () => {
    const { client, provider, fake } = await newPage()
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
    client.destroy()
  })

  it('a session restored while the code loads is ended by a disconnect', async () => {
    const { client, provider, fake } = await newPage({
      session: { ...SESSION, peer: { metadata: { name: 'Phone Wallet', icons: [] } } } as never,
    })
    const accounts = provider.request({ method: 'eth_accounts' })
    const ended = provider.disconnect()
    expect(await accounts).toEqual([TEST_ACCOUNTS[0]])
    await ended
    expect(fake.state.deletions).toEqual(['session-topic'])
    client.destroy()
  })
})
