// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createPortico } from '../client/index.js'

// The connectors' code (discovery, the recent wallets) is here: lists read at once.
const loadRecentWalletsCode = () => loadFeatureCode(connectorsFeature)

import { connectorsFeature } from '../connectors/index.js'
import { loadFeatureCode } from '../kernel/index.js'

import { createMemoryStorage, type StorageAdapter } from '../storage/index.js'
import { unreachableFetch } from '../test-utils/client.js'
import { createFakeUniversalProvider } from '../test-utils/fakeUniversalProvider.js'
import { createFakeWallet, TEST_ACCOUNTS } from '../test-utils/fakeWallet.js'
import { testNetworks } from '../test-utils/networks.js'
import { loadUniversalProvider } from '../walletconnect/loadUniversalProvider.js'

// A listed wallet is reached through its browser extension when this browser has it, through
// WalletConnect otherwise. WalletConnect's library and the wallets are the edge of the world.
vi.mock('../walletconnect/loadUniversalProvider.js', async (original) => ({
  ...(await original<typeof import('../walletconnect/loadUniversalProvider.js')>()),
  loadUniversalProvider: vi.fn(),
}))

beforeAll(async () => {
  await import('../adapters/evm/createEvmAdapter.js')
  // The recent wallets' checks too: these tests look at what is remembered, not when it loads.
  await loadRecentWalletsCode()
}, 60_000)

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

const stored = (storage: StorageAdapter, key: string) =>
  JSON.parse(storage.getItem(`@portico/${key}`) ?? 'null')

function setup(storage: StorageAdapter = createMemoryStorage()) {
  const fake = createFakeUniversalProvider({ now: () => Date.now() })
  vi.mocked(loadUniversalProvider).mockResolvedValue(fake.up)
  const client = createPortico({
    projectId: 'p',
    networks: testNetworks,
    storage,
    logLevel: 'silent',
    fetch: unreachableFetch,
  })
  cleanups.push(() => client.destroy())
  return { client, fake, storage }
}

const listed = (n: number) => ({
  id: `wallet-${n}`,
  name: `Wallet ${n}`,
  mobileLink: `wallet${n}://`,
  chains: ['eip155:31337'],
})

describe('connecting a listed wallet', () => {
  it('without its extension: pairs over WalletConnect and remembers the wallet', async () => {
    const { client, fake, storage } = setup()
    const connecting = client.wallets.connect(listed(1))
    expect(client.walletConnect.$recentWallet.get()?.id).toBe('wallet-1')
    expect(client.walletConnect.$status.get()).toBe('connecting')
    await vi.waitFor(() => expect(fake.state.pairings[0]?.uri).toBeDefined())
    fake.state.pairings[0]?.approve({
      topic: 't1',
      accounts: [TEST_ACCOUNTS[0]],
      chainId: 31337,
      peer: { name: 'Wallet One', icons: [] },
    })
    const result = await connecting
    expect(result?.caipAddress).toBe(`eip155:31337:${TEST_ACCOUNTS[0]}`)
    expect(client.connectors.$recentWallets.get().map((w) => w.id)).toEqual(['wallet-1'])
    expect(stored(storage, 'recent_wallets')).toEqual([
      { id: 'wallet-1', name: 'Wallet 1', mobileLink: 'wallet1://' },
    ])
  })

  it('keeps the two newest wallets, newest first, each once, across a reload', async () => {
    const storage = createMemoryStorage()
    for (const n of [1, 2, 3, 2]) {
      const { client, fake } = setup(storage)
      const connecting = client.wallets.connect(listed(n))
      await vi.waitFor(() => expect(fake.state.pairings[0]?.uri).toBeDefined())
      fake.state.pairings[0]?.approve({
        topic: `t${n}`,
        accounts: [TEST_ACCOUNTS[0]],
        chainId: 31337,
        peer: { name: `Wallet ${n}`, icons: [] },
      })
      await connecting
      client.destroy()
    }
    // Spec: recent wallets kept: 2.
    expect(stored(storage, 'recent_wallets').map((w: { id: string }) => w.id)).toEqual([
      'wallet-2',
      'wallet-3',
    ])
    const { client } = setup(storage)
    expect(client.connectors.$recentWallets.get().map((w) => w.id)).toEqual([
      'wallet-2',
      'wallet-3',
    ])
  })

  it('a stored list longer than two (written by someone else) shows two', () => {
    const storage = createMemoryStorage({
      '@portico/recent_wallets': JSON.stringify([1, 2, 3].map((n) => listed(n))),
    })
    const { client } = setup(storage)
    expect(client.connectors.$recentWallets.get().map((w) => w.id)).toEqual([
      'wallet-1',
      'wallet-2',
    ])
  })

  it('with its extension installed: connects through the extension, no pairing', async () => {
    const extension = createFakeWallet()
    cleanups.push(extension.announce(window, { name: 'Extension', rdns: 'com.wallet.one' }))
    const { client, fake } = setup()
    client.connectors.startDiscovery()
    const result = await client.wallets.connect({ ...listed(1), rdns: 'com.wallet.one' })
    expect(result?.caipAddress).toBe(`eip155:31337:${TEST_ACCOUNTS[0]}`)
    expect(extension.calls.map((c) => c.method)).toContain('eth_requestAccounts')
    expect(fake.state.pairings).toEqual([])
    expect(client.walletConnect.$status.get()).toBe('disconnected')
  })
})

describe('wallet images and the modal', () => {
  it('closing the modal releases every image it loaded', async () => {
    const image = new Blob(['<svg/>'], { type: 'image/svg+xml' })
    const client = createPortico({
      projectId: 'p',
      networks: testNetworks,
      storage: 'memory',
      logLevel: 'silent',
      fetch: async (input) =>
        new URL(String(input)).pathname.startsWith('/getWalletImage/')
          ? new Response(image)
          : Response.json({ count: 0, data: [] }),
    })
    cleanups.push(() => client.destroy())
    client.modal.open()
    const url = await client.wallets.loadImage('a')
    expect(client.wallets.$images.get()).toEqual({ a: url })
    const revoke = vi.spyOn(URL, 'revokeObjectURL')
    cleanups.push(() => revoke.mockRestore())
    client.modal.close()
    expect(revoke).toHaveBeenCalledWith(url)
    expect(client.wallets.$images.get()).toEqual({})
  })
})
