// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest'
import type { PorticoOptions } from '../client/index.js'
import { isPorticoError } from '../errors/index.js'
import { createMemoryStorage, type StorageAdapter } from '../storage/index.js'
import { createFakeWallet, type FakeWallet, TEST_ACCOUNTS } from '../test-utils/fakeWallet.js'
import { cleanupAfterEach, createOfflinePortico, DOWN_NETWORKS } from '../test-utils/offline.js'

// Chain reads and API calls meet a server that is down; the wallet is the fake one.

// The recent wallets' checks are here, as after the Connect view's prefetch: these tests look at
// what is remembered, not at when that code arrives (recentWallets.test.ts does).
const networks = [DOWN_NETWORKS[0], DOWN_NETWORKS[1]] as const

const RDNS = 'dev.portico.fake'
const cleanup = cleanupAfterEach()

function setup({
  wallet = createFakeWallet(),
  storage = createMemoryStorage(),
  ...options
}: { wallet?: FakeWallet; storage?: StorageAdapter } & Partial<PorticoOptions> = {}) {
  cleanup(wallet.announce(window, { name: 'Fake Wallet', rdns: RDNS }))
  const { client } = createOfflinePortico(cleanup, { networks, storage, ...options })
  return { client, wallet, storage }
}

/** What the client stored under `key` (JSON), as the next page load will read it. */
const stored = (storage: StorageAdapter, key: string): unknown => {
  const raw = storage.getItem(`@portico/${key}`)
  return raw === null ? undefined : JSON.parse(raw)
}
const recentIds = (storage: StorageAdapter) =>
  ((stored(storage, 'recent_wallets') ?? []) as { id: string }[]).map((w) => w.id)

const requests = (wallet: FakeWallet, method: string) =>
  wallet.calls.filter((call) => call.method === method).length

describe('connect', () => {
  it('connects the wallet and remembers it', async () => {
    const { client, storage } = setup()
    const statuses: string[] = []
    cleanup(client.account.$account.subscribe((a) => statuses.push(a.status)))
    const result = await client.connection.connect({ connectorId: RDNS })
    expect(result.caipAddress).toBe(`eip155:31337:${TEST_ACCOUNTS[0]}`)
    expect(client.account.$account.get()).toMatchObject({
      status: 'connected',
      address: TEST_ACCOUNTS[0],
      connectedWalletInfo: { name: 'Fake Wallet' },
    })
    expect(statuses).toEqual(['disconnected', 'connecting', 'connected'])
    expect(client.network.$activeNetwork.get().id).toBe('eip155:31337')
    expect(stored(storage, 'connected_connector_id:eip155')).toBe(RDNS)
    expect(recentIds(storage)).toEqual([RDNS])
    expect(storage.getItem('@portico/connection_status')).toBe('"connected"')
  })

  it('sends one request when connect is clicked twice', async () => {
    const { client, wallet } = setup()
    const [a, b] = await Promise.all([
      client.connection.connect({ connectorId: RDNS }),
      client.connection.connect({ connectorId: RDNS }),
    ])
    expect(a).toBe(b)
    expect(requests(wallet, 'eth_requestAccounts')).toBe(1)
  })

  it('a wallet that rejects leaves nothing connected and nothing stored', async () => {
    const wallet = createFakeWallet()
    wallet.override('eth_requestAccounts', () => {
      throw { code: 4001, message: 'User rejected the request.' }
    })
    const { client, storage } = setup({ wallet })
    const error = await client.connection.connect({ connectorId: RDNS }).catch((e) => e)
    expect(isPorticoError(error, 'USER_REJECTED')).toBe(true)
    expect(client.connection.$error.get()).toBe(error)
    expect(client.account.$account.get().status).toBe('disconnected')
    expect(stored(storage, 'connected_connector_id:eip155')).toBeUndefined()
    expect(recentIds(storage)).toEqual([])
    // The retry works once the user approves.
    wallet.reset('eth_requestAccounts')
    await client.connection.connect({ connectorId: RDNS })
    expect(client.connection.$error.get()).toBeUndefined()
    expect(client.account.$account.get().status).toBe('connected')
  })

  it('refuses a wallet that answers with garbage accounts', async () => {
    const wallet = createFakeWallet()
    wallet.override('eth_requestAccounts', () => ['not-an-address'])
    const { client } = setup({ wallet })
    await expect(client.connection.connect({ connectorId: RDNS })).rejects.toThrow(
      'invalid account list',
    )
    expect(client.account.$account.get().status).toBe('disconnected')
  })

  it('closes the modal after connecting from it', async () => {
    const { client } = setup()
    client.modal.open()
    client.modal.push('ConnectingExternal', { connectorId: RDNS })
    await client.connection.connect({ connectorId: RDNS })
    expect(client.modal.$open.get()).toBe(false)
    client.modal.open()
    expect(client.modal.$view.get().view).toBe('Account')
  })
})

describe('the modal around a connection', () => {
  it.each([
    ['Connect', undefined],
    ['AllWallets', undefined],
    ['ConnectingWalletConnect', { walletId: 'w1' }],
    ['ConnectingFarcaster', undefined],
  ] as const)('closes once a wallet connects while it shows %s', async (view, data) => {
    const { client } = setup()
    client.modal.open()
    client.modal.push(view, data)
    await client.connection.connect({ connectorId: RDNS })
    expect(client.modal.$open.get()).toBe(false)
  })

  it('stays open on a view that is not about connecting', async () => {
    const { client } = setup()
    client.modal.open({ view: 'Networks' })
    await client.connection.connect({ connectorId: RDNS })
    expect(client.modal.$open.get()).toBe(true)
    expect(client.modal.$view.get().view).toBe('Networks')
  })

  it('stays open on Connect when a stored session comes back: the user did not connect', async () => {
    const storage = createMemoryStorage()
    const first = setup({ storage })
    await first.client.connection.connect({ connectorId: RDNS })
    first.client.destroy()

    const { client } = setup({ storage, wallet: first.wallet, ssr: true })
    client.modal.open()
    expect(client.modal.$view.get().view).toBe('Connect')
    await client.connection.reconnect()
    expect(client.connection.$status.get()).toBe('connected')
    expect(client.modal.$open.get()).toBe(true)
  })
})

describe('reconnect', () => {
  it('restores a stored connection with eth_accounts and no prompt', async () => {
    const storage = createMemoryStorage()
    const first = setup({ storage })
    await first.client.connection.connect({ connectorId: RDNS })
    first.client.destroy()

    const { client, wallet } = setup({ storage, wallet: first.wallet })
    const before = wallet.calls.length
    let answer: (value: unknown) => void = () => {}
    wallet.override('eth_accounts', () => new Promise((resolve) => (answer = resolve)))
    const done = client.connection.reconnect()
    await vi.waitFor(() => expect(answer).not.toBe(undefined))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(client.account.$account.get().status).toBe('reconnecting')
    answer([TEST_ACCOUNTS[0]])
    await done
    expect(client.account.$account.get()).toMatchObject({
      status: 'connected',
      address: TEST_ACCOUNTS[0],
    })
    const methods = wallet.calls.slice(before).map((c) => c.method)
    expect(methods).toContain('eth_accounts')
    expect(methods).not.toContain('eth_requestAccounts')
  })

  it('goes to disconnected and cleans storage when the wallet no longer authorises us', async () => {
    const storage = createMemoryStorage()
    const first = setup({ storage })
    await first.client.connection.connect({ connectorId: RDNS })
    first.client.destroy()
    first.wallet.state.authorized = false

    const { client } = setup({ storage, wallet: first.wallet })
    await client.connection.reconnect()
    expect(client.account.$account.get().status).toBe('disconnected')
    expect(stored(storage, 'connected_connector_id:eip155')).toBeUndefined()
    expect(stored(storage, 'connected_namespaces')).toBeUndefined()
  })

  it('does nothing without a stored connection', async () => {
    const { client, wallet } = setup()
    await client.connection.reconnect()
    expect(wallet.calls).toEqual([])
    expect(client.account.$account.get().status).toBe('disconnected')
  })
})

describe('wallet events', () => {
  it('follows accountsChanged and disconnects on an empty list', async () => {
    const { client, wallet, storage } = setup()
    await client.connection.connect({ connectorId: RDNS })
    wallet.emit('accountsChanged', [TEST_ACCOUNTS[1]])
    expect(client.account.$account.get().caipAddress).toBe(`eip155:31337:${TEST_ACCOUNTS[1]}`)
    wallet.emit('accountsChanged', [])
    expect(client.account.$account.get().status).toBe('disconnected')
    expect(stored(storage, 'connected_connector_id:eip155')).toBeUndefined()
  })

  it('ignores malformed events', async () => {
    const { client, wallet } = setup()
    await client.connection.connect({ connectorId: RDNS })
    wallet.emit('accountsChanged', 'nonsense')
    wallet.emit('chainChanged', { id: 5 })
    expect(client.account.$account.get()).toMatchObject({
      status: 'connected',
      caipAddress: `eip155:31337:${TEST_ACCOUNTS[0]}`,
    })
  })

  it('opens UnsupportedChain when the wallet moves to a chain the app does not list', async () => {
    const { client, wallet } = setup()
    await client.connection.connect({ connectorId: RDNS })
    wallet.emit('chainChanged', '0x7a6b') // 31339
    expect(client.network.$isUnsupportedChain.get()).toBe(true)
    expect(client.modal.$open.get()).toBe(true)
    expect(client.modal.$view.get().view).toBe('UnsupportedChain')
    // Back closes it (spec §2), and moving to a listed chain clears the state.
    wallet.emit('chainChanged', '0x7a6a')
    expect(client.network.$isUnsupportedChain.get()).toBe(false)
    expect(client.modal.$open.get()).toBe(false)
    expect(client.network.$activeNetwork.get().id).toBe('eip155:31338')
  })

  it('stays quiet about unsupported chains when the app allows them', async () => {
    const { client, wallet } = setup({ allowUnsupportedChain: true })
    await client.connection.connect({ connectorId: RDNS })
    wallet.emit('chainChanged', '0x7a6b')
    expect(client.modal.$open.get()).toBe(false)
  })

  it('disconnects when the wallet says so', async () => {
    const { client, wallet } = setup()
    await client.connection.connect({ connectorId: RDNS })
    wallet.emit('disconnect')
    expect(client.account.$account.get().status).toBe('disconnected')
  })
})

describe('switch account', () => {
  it('changes only the address when the connector is already active', async () => {
    const { client, wallet } = setup()
    await client.connection.connect({ connectorId: RDNS })
    const before = requests(wallet, 'eth_requestAccounts')
    await client.connection.switchAccount({
      connectorId: RDNS,
      address: TEST_ACCOUNTS[1],
      namespace: 'eip155',
    })
    expect(client.account.$account.get().caipAddress).toBe(`eip155:31337:${TEST_ACCOUNTS[1]}`)
    expect(requests(wallet, 'eth_requestAccounts')).toBe(before)
  })

  it('connects the connector otherwise', async () => {
    const { client, wallet } = setup()
    await client.connection.switchAccount({
      connectorId: RDNS,
      address: TEST_ACCOUNTS[0],
      namespace: 'eip155',
    })
    expect(requests(wallet, 'eth_requestAccounts')).toBe(1)
    expect(client.account.$account.get().status).toBe('connected')
  })
})

describe('switch network', () => {
  it('switches through the wallet and stores the choice', async () => {
    const { client, storage } = setup()
    await client.connection.connect({ connectorId: RDNS })
    await client.connection.switchNetwork(networks[1])
    expect(client.network.$activeNetwork.get().id).toBe('eip155:31338')
    expect(client.account.$account.get().caipAddress).toBe(`eip155:31338:${TEST_ACCOUNTS[0]}`)
    expect(stored(storage, 'active_caip_network_id:eip155')).toBe('eip155:31338')
  })

  it('adds a chain the wallet does not know, then switches', async () => {
    const wallet = createFakeWallet({ knownChains: [31337] })
    const { client } = setup({ wallet })
    await client.connection.connect({ connectorId: RDNS })
    await client.connection.switchNetwork(networks[1])
    expect(wallet.calls.map((c) => c.method)).toContain('wallet_addEthereumChain')
    expect(client.network.$activeNetwork.get().id).toBe('eip155:31338')
  })

  it("shows 'Chain is not supported' when adding fails", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const wallet = createFakeWallet({ knownChains: [31337] })
      wallet.override('wallet_addEthereumChain', () => {
        throw { code: -32603, message: 'nope' }
      })
      const { client } = setup({ wallet })
      await client.connection.connect({ connectorId: RDNS })
      await expect(client.connection.switchNetwork(networks[1])).rejects.toThrow(
        'Unsupported chain',
      )
      expect(client.toast.$toast.get()).toMatchObject({
        message: { key: 'network.chainNotSupported' },
        variant: 'error',
      })
      expect(client.network.$activeNetwork.get().id).toBe('eip155:31337')
    } finally {
      vi.useRealTimers()
    }
  })

  it('selects the network without a wallet when nobody is connected', async () => {
    const { client, wallet } = setup()
    await client.connection.switchNetwork(networks[1])
    expect(client.network.$activeNetwork.get().id).toBe('eip155:31338')
    expect(wallet.calls).toEqual([])
  })
})

describe('disconnect', () => {
  it('resets the account and network state and clears storage', async () => {
    const { client, storage } = setup()
    await client.connection.connect({ connectorId: RDNS })
    await client.connection.disconnect()
    expect(client.account.$account.get().status).toBe('disconnected')
    expect(client.account.$account.get().address).toBeUndefined()
    expect(client.network.$walletChains.get()).toEqual({})
    expect(stored(storage, 'connected_connector_id:eip155')).toBeUndefined()
    expect(stored(storage, 'connection_status')).toBe('disconnected')
    // The recent wallet stays: it is shown first next time.
    expect(recentIds(storage)).toHaveLength(1)
  })

  it("throws 'Failed to disconnect' with code INTERNAL_SDK_ERROR when the wallet side fails", async () => {
    const { client } = setup({
      adapters: {
        eip155: async (context) => {
          const { createEvmAdapter } = await import('../adapters/evm/createEvmAdapter.js')
          const adapter = createEvmAdapter(context)
          return {
            ...adapter,
            connection: {
              ...adapter.connection,
              disconnect: async () => {
                throw new Error('session store broken')
              },
            },
          }
        },
      },
    })
    await client.connection.connect({ connectorId: RDNS })
    const error = await client.connection.disconnect().catch((e) => e)
    expect(error.message).toBe('Failed to disconnect')
    expect(error.code).toBe('INTERNAL_SDK_ERROR')
    expect(client.account.$account.get().status).toBe('disconnected')
  })
})
