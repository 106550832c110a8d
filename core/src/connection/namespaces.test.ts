// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { AdapterAccount, AdapterEventHandlers, ChainAdapter } from '../adapters/index.js'
import { createPortico, type PorticoOptions } from '../client/index.js'
import { connectorsFeature } from '../connectors/feature.js'
import { PorticoError } from '../errors/index.js'
import type { PorticoNetwork } from '../options/index.js'
import { createMemoryStorage, type StorageAdapter } from '../storage/index.js'
import { createFakeWallet } from '../test-utils/fakeWallet.js'
import {
  cleanupAfterEach,
  createOfflinePortico,
  DOWN,
  DOWN_NETWORKS,
  OFFLINE_OPTIONS,
} from '../test-utils/offline.js'
import { connectionEvent } from './events.js'
import type { ConnectionEvent } from './types.js'

// A connection outside eip155: which chain a wallet without one current chain lands on, what its
// events change, the options that name a namespace, and the modal when the active namespace moves.
// The Solana wallet is at the edge of the world, behind a small adapter of the test's own; the
// EVM side uses the real EVM adapter and a fake injected wallet.

const MAINNET = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const DEVNET = 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
const TESTNET = '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z'
const ADDRESS = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'
const OTHER = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const solana = (reference: string, name: string): PorticoNetwork => ({
  id: `solana:${reference}`,
  name,
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { http: [DOWN] },
})
const evm = DOWN_NETWORKS[0]
const base = OFFLINE_OPTIONS

const cleanup = cleanupAfterEach()
beforeAll(async () => {
  await import('./lazy.js')
  await import('../adapters/evm/createEvmAdapter.js')
}, 30_000)
afterEach(() => {
  vi.useRealTimers()
})

/** A Solana wallet behind a minimal adapter: the test says what it answers. */
function fakeSolana() {
  let handlers: AdapterEventHandlers | undefined
  const state = {
    answer: { addresses: [ADDRESS], chainReference: MAINNET } as AdapterAccount,
    reconnect: async (): Promise<AdapterAccount | undefined> => state.answer,
  }
  const adapter: ChainAdapter = {
    namespace: 'solana',
    isAddress: () => true,
    connection: {
      connect: async () => state.answer,
      reconnect: () => state.reconnect(),
      disconnect: async () => undefined,
      subscribe: (_connector, h) => {
        handlers = h
        return () => {
          handlers = undefined
        }
      },
    },
  }
  return {
    state,
    adapter,
    events: () => {
      if (!handlers) throw new Error('the connection does not follow the wallet')
      return handlers
    },
  }
}

function setup({
  networks = [solana(MAINNET, 'Solana'), solana(DEVNET, 'Solana Devnet')],
  wallet = fakeSolana(),
  storage = createMemoryStorage(),
  ...options
}: Partial<PorticoOptions> & {
  wallet?: ReturnType<typeof fakeSolana>
  storage?: StorageAdapter
} = {}) {
  const built = createOfflinePortico(cleanup, {
    networks,
    storage,
    adapters: { solana: async () => wallet.adapter },
    connectors: [
      { id: 'sol.wallet', name: 'Sol', chain: 'solana', provider: createFakeWallet().provider },
    ],
    ...options,
  })
  return { ...built, wallet }
}

const chainOf = (client: ReturnType<typeof setup>['client']) =>
  client.connection.$connections.get().solana?.chainId

describe('the chain a wallet without one current chain lands on', () => {
  it("is the app's selected network of the namespace when the account may use it", async () => {
    const { client, wallet } = setup()
    await client.connection.switchNetwork(solana(DEVNET, 'Solana Devnet'))
    wallet.state.answer = {
      addresses: [ADDRESS],
      chainReference: MAINNET,
      chains: [MAINNET, DEVNET],
    }
    const result = await client.connection.connect({ connectorId: 'sol.wallet' })
    expect(result.chainId).toBe(`solana:${DEVNET}`)
    expect(result.caipAddress).toBe(`solana:${DEVNET}:${ADDRESS}`)
  })

  it('else the first network the app lists that the account may use', async () => {
    const { client, wallet } = setup({
      networks: [solana(MAINNET, 'Solana'), solana(DEVNET, 'Solana Devnet')],
    })
    // The selected network (mainnet, the first listed) is not one the account offers.
    wallet.state.answer = {
      addresses: [ADDRESS],
      chainReference: TESTNET,
      chains: [TESTNET, DEVNET],
    }
    await client.connection.connect({ connectorId: 'sol.wallet' })
    expect(chainOf(client)).toBe(`solana:${DEVNET}`)
  })

  it('else the chain the wallet named first', async () => {
    const { client, wallet } = setup()
    wallet.state.answer = { addresses: [ADDRESS], chainReference: TESTNET, chains: [TESTNET] }
    await client.connection.connect({ connectorId: 'sol.wallet' })
    expect(chainOf(client)).toBe(`solana:${TESTNET}`)
  })

  it("counts only the namespace's own networks, not another namespace's with the same reference", async () => {
    const BITCOIN_REF = '000000000019d6689c085ae165831e93'
    const bitcoin = fakeSolana()
    const { client, wallet } = setup({
      networks: [
        {
          id: `bip122:${BITCOIN_REF}`,
          name: 'Bitcoin',
          nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
          rpcUrls: { http: [DOWN] },
        },
        solana(MAINNET, 'Solana'),
        solana(DEVNET, 'Solana Devnet'),
      ],
      adapters: { solana: async () => wallet.adapter, bip122: async () => bitcoin.adapter },
    })
    // Mainnet (selected) is not offered; the Bitcoin network's reference is, as a Solana chain.
    wallet.state.answer = {
      addresses: [ADDRESS],
      chainReference: TESTNET,
      chains: [BITCOIN_REF, DEVNET],
    }
    await client.connection.connect({ connectorId: 'sol.wallet' })
    expect(chainOf(client)).toBe(`solana:${DEVNET}`)
  })

  it("is the wallet's chain when it lists none", async () => {
    const { client, wallet } = setup()
    await client.connection.switchNetwork(solana(DEVNET, 'Solana Devnet'))
    wallet.state.answer = { addresses: [ADDRESS], chainReference: TESTNET, chains: [] }
    await client.connection.connect({ connectorId: 'sol.wallet' })
    expect(chainOf(client)).toBe(`solana:${TESTNET}`)
  })

  it('keeps every account the wallet shares, with its type', async () => {
    const { client, wallet } = setup()
    wallet.state.answer = {
      addresses: [ADDRESS, OTHER],
      chainReference: MAINNET,
      types: ['eoa', 'smartAccount'],
    }
    await client.connection.connect({ connectorId: 'sol.wallet' })
    expect(client.connection.$connections.get().solana?.allAccounts).toEqual([
      { address: ADDRESS, type: 'eoa', namespace: 'solana' },
      { address: OTHER, type: 'smartAccount', namespace: 'solana' },
    ])
  })
})

describe("the Solana wallet's events", () => {
  async function connected() {
    const built = setup()
    await built.client.connection.connect({ connectorId: 'sol.wallet' })
    const changes: string[] = []
    cleanup(
      built.client.connection.$connections.listen((c) =>
        changes.push(`${c.solana?.status} ${c.solana?.caipAddress}`),
      ),
    )
    return { ...built, changes }
  }

  it('another address on the same chain changes the address only', async () => {
    const { client, wallet, changes } = await connected()
    wallet.events().accountsChanged([OTHER])
    expect(client.connection.$address.get()).toBe(OTHER)
    expect(changes).toEqual([`connected solana:${MAINNET}:${OTHER}`])
  })

  it('the same address and chain again changes nothing', async () => {
    const { wallet, changes } = await connected()
    wallet.events().accountsChanged([ADDRESS], [MAINNET, DEVNET])
    wallet.events().accountsChanged([ADDRESS])
    expect(changes).toEqual([])
  })

  it('an account that no longer offers the chain in use moves to one it offers', async () => {
    const { client, wallet } = await connected()
    wallet.events().accountsChanged([ADDRESS], [DEVNET])
    expect(chainOf(client)).toBe(`solana:${DEVNET}`)
    expect(client.connection.$caipAddress.get()).toBe(`solana:${DEVNET}:${ADDRESS}`)
    expect(client.network.$walletChains.get().solana).toBe(`solana:${DEVNET}`)
  })

  it('another address with no chain list keeps the chain in use', async () => {
    const { client, wallet } = await connected()
    wallet.events().accountsChanged([OTHER], [])
    expect(client.connection.$caipAddress.get()).toBe(`solana:${MAINNET}:${OTHER}`)
  })

  it('a chain change keeps the address', async () => {
    const { client, wallet } = await connected()
    wallet.events().chainChanged(DEVNET)
    expect(client.connection.$caipAddress.get()).toBe(`solana:${DEVNET}:${ADDRESS}`)
  })

  it('no account, or a disconnect, ends the connection and forgets it', async () => {
    const storage = createMemoryStorage()
    const wallet = fakeSolana()
    const { client } = setup({ storage, wallet })
    await client.connection.connect({ connectorId: 'sol.wallet' })
    expect(storage.getItem('@portico/connected_connector_id:solana')).toBe('"sol.wallet"')
    wallet.events().accountsChanged([])
    expect(client.connection.$connections.get().solana).toBeUndefined()
    expect(storage.getItem('@portico/connected_connector_id:solana')).toBeNull()

    await client.connection.connect({ connectorId: 'sol.wallet' })
    wallet.events().disconnect()
    expect(client.connection.$connections.get().solana).toBeUndefined()
    expect(storage.getItem('@portico/connections:solana')).toBeNull()
  })
})

describe('switching network in a namespace whose wallets cannot', () => {
  it('says so and leaves the connection as it was', async () => {
    const { client } = setup()
    await client.connection.connect({ connectorId: 'sol.wallet' })
    const error = await client.connection
      .switchNetwork(solana(DEVNET, 'Solana Devnet'))
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PorticoError)
    expect((error as PorticoError).code).toBe('INVALID_INPUT')
    expect((error as PorticoError).message).toBe('solana wallets cannot switch networks')
    expect(chainOf(client)).toBe(`solana:${MAINNET}`)
  })

  it('a wallet that can switches, and the connection follows', async () => {
    const wallet = fakeSolana()
    const asked: string[] = []
    wallet.adapter.networks = {
      switchNetwork: async (_connector, target) => {
        asked.push(target.id)
      },
    }
    const { client } = setup({ wallet })
    await client.connection.connect({ connectorId: 'sol.wallet' })
    await client.connection.switchNetwork(solana(DEVNET, 'Solana Devnet'))
    expect(asked).toEqual([`solana:${DEVNET}`])
    expect(client.connection.$caipAddress.get()).toBe(`solana:${DEVNET}:${ADDRESS}`)
    expect(client.connection.$switchingTo.get()).toBeUndefined()
  })
})

describe('the options that name namespaces', () => {
  it('refuse networks of a namespace with no adapter, naming where the adapter comes from', () => {
    expect(() =>
      createPortico({ ...base, storage: 'memory', networks: [solana(MAINNET, 'Solana')] }),
    ).toThrow(
      "networks list solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp but no solana adapter is set: add it to `adapters` (import { solanaAdapter } from '@portico/core/solana')",
    )
    expect(() =>
      createPortico({
        ...base,
        storage: 'memory',
        networks: [
          {
            id: 'bip122:000000000019d6689c085ae165831e93',
            name: 'Bitcoin',
            nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
            rpcUrls: { http: [DOWN] },
          },
        ],
      }),
    ).toThrow(
      "networks list bip122:000000000019d6689c085ae165831e93 but no bip122 adapter is set: add it to `adapters` (import { bitcoinAdapter } from '@portico/core/bitcoin')",
    )
    const error = (() => {
      try {
        createPortico({
          ...base,
          storage: 'memory',
          networks: [
            {
              id: 'polkadot:91b171bb158e2d3848fa23a9f1c25182',
              name: 'Polkadot',
              nativeCurrency: { name: 'DOT', symbol: 'DOT', decimals: 10 },
              rpcUrls: { http: [DOWN] },
            },
          ],
        })
      } catch (e) {
        return e as PorticoError
      }
    })()
    expect(error?.code).toBe('INVALID_OPTIONS')
    expect(error?.message).toBe(
      'networks list polkadot:91b171bb158e2d3848fa23a9f1c25182 but no polkadot adapter is set: add it to `adapters` (an adapter of your own)',
    )
  })

  it('take a viem chain (a numeric id) as an EVM network, which needs no adapter of the app', () => {
    const client = createPortico({
      ...base,
      storage: 'memory',
      networks: [
        {
          id: 31337,
          name: 'Anvil',
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: { default: { http: [DOWN] } },
        },
      ],
    })
    cleanup(() => client.destroy())
    expect(client.network.$activeNetwork.get()?.id).toBe('eip155:31337')
  })

  it('leave a malformed network id to the network check, which names it', () => {
    const error = (() => {
      try {
        createPortico({
          ...base,
          storage: 'memory',
          networks: [{ ...evm, id: 'nonsense' as never }],
        })
      } catch (e) {
        return e as PorticoError
      }
    })()
    expect(error?.code).toBe('INVALID_NETWORK')
    expect(error?.message).toContain('nonsense')
    expect(error?.message).not.toContain('adapter')
  })

  it('refuse an adapter that is not a function', () => {
    expect(() =>
      createPortico({
        ...base,
        storage: 'memory',
        networks: [evm],
        adapters: { eip155: 'viem' as never },
      }),
    ).toThrow('networks list eip155:31337 but no eip155 adapter is set')
  })

  it('take each account type and refuse any other, naming the namespace and the five types', () => {
    for (const type of ['eoa', 'smartAccount', 'payment', 'ordinal', 'stx'] as const) {
      const client = createPortico({
        ...base,
        storage: 'memory',
        networks: [evm],
        defaultAccountTypes: { eip155: type },
      })
      client.destroy()
    }
    expect(() =>
      createPortico({
        ...base,
        storage: 'memory',
        networks: [evm],
        defaultAccountTypes: { bip122: 'taproot' as never },
      }),
    ).toThrow('defaultAccountTypes.bip122 must be one of eoa, smartAccount, payment, ordinal, stx')
  })
})

describe('the modal when the active namespace changes', () => {
  it('shows Connect for a namespace without a wallet and Account for one with', async () => {
    const { client } = setup({ networks: [evm, solana(MAINNET, 'Solana')] })
    await client.connection.connect({ connectorId: 'sol.wallet' })
    client.connection.switchNamespace('eip155')
    expect(client.modal.$open.get()).toBe(false)
    client.modal.open()
    expect(client.modal.$view.get().view).toBe('Connect')
    // Solana is connected: Connect (the only view) gives way to its Account.
    client.connection.switchNamespace('solana')
    expect(client.modal.$stack.get().map((entry) => entry.view)).toEqual(['Account'])
    // EVM is not: its wallets.
    client.connection.switchNamespace('eip155')
    expect(client.modal.$stack.get()).toEqual([{ view: 'Connect', data: { namespace: 'eip155' } }])
  })

  it('keeps a deeper stack of a connected namespace as it is', async () => {
    const { client } = setup({ networks: [evm, solana(MAINNET, 'Solana')] })
    await client.connection.connect({ connectorId: 'sol.wallet' })
    client.modal.open({ view: 'Networks' })
    client.connection.switchNamespace('solana')
    expect(client.modal.$view.get().view).toBe('Networks')
  })
})

describe('restoring a Solana connection after a reload', () => {
  function stored() {
    return createMemoryStorage({
      '@portico/connected_connector_id:solana': '"sol.wallet"',
      '@portico/connected_namespaces': '["solana"]',
      '@portico/connection_status': '"connected"',
      '@portico/connections:solana': `[{"connectorId":"sol.wallet","accounts":[{"address":"${ADDRESS}"}]}]`,
    })
  }

  it('comes back on the network the page was on, without making itself the active namespace over a connected one', async () => {
    const wallet = fakeSolana()
    const { client } = setup({ storage: stored(), wallet })
    await client.connection.reconnect()
    expect(client.connection.$connections.get().solana?.status).toBe('connected')
    // Nothing else was connected: Solana is what the app shows.
    expect(client.network.$activeNamespace.get()).toBe('solana')
  })

  it('a wallet that no longer authorises the site ends it and forgets it', async () => {
    const wallet = fakeSolana()
    wallet.state.reconnect = async () => undefined
    const storage = stored()
    const { client } = setup({ storage, wallet })
    await client.connection.reconnect()
    expect(client.connection.$connections.get().solana).toBeUndefined()
    expect(storage.getItem('@portico/connected_connector_id:solana')).toBeNull()
  })

  it('a wallet that fails the check ends it and forgets it', async () => {
    const wallet = fakeSolana()
    wallet.state.reconnect = async () => {
      throw new Error('locked')
    }
    const storage = stored()
    const { client } = setup({ storage, wallet })
    await client.connection.reconnect()
    expect(client.connection.$connections.get().solana).toBeUndefined()
    expect(storage.getItem('@portico/connected_connector_id:solana')).toBeNull()
  })

  it('a wallet silent for 10 s leaves it disconnected but keeps the choice for the next visit', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const wallet = fakeSolana()
    wallet.state.reconnect = () => new Promise(() => undefined)
    const storage = stored()
    const { client } = setup({ storage, wallet })
    const restoring = client.connection.reconnect()
    await vi.advanceTimersByTimeAsync(9_999)
    expect(client.connection.$connections.get().solana?.status).toBe('reconnecting')
    await vi.advanceTimersByTimeAsync(1)
    await restoring
    expect(client.connection.$connections.get().solana?.status).toBe('disconnected')
    expect(storage.getItem('@portico/connected_connector_id:solana')).toBe('"sol.wallet"')
  })
})

describe('two namespaces connected at once', () => {
  async function both(storage: StorageAdapter = createMemoryStorage()) {
    const injected = createFakeWallet()
    cleanup(injected.announce(window, { name: 'Fake Wallet', rdns: 'dev.portico.fake' }))
    const built = setup({ networks: [evm, solana(MAINNET, 'Solana')], storage })
    await built.client.connection.connect({ connectorId: 'dev.portico.fake' })
    await built.client.connection.connect({ connectorId: 'sol.wallet' })
    return built
  }

  it('disconnecting the active one makes the other active and keeps it stored', async () => {
    const storage = createMemoryStorage()
    const { client } = await both(storage)
    expect(client.network.$activeNamespace.get()).toBe('solana')
    // Each namespace keeps the chain its wallet is on; one leaving takes only its own.
    expect(client.network.$walletChains.get()).toEqual({
      eip155: 'eip155:31337',
      solana: `solana:${MAINNET}`,
    })
    await client.connection.disconnect({ namespace: 'solana' })
    expect(client.network.$walletChains.get()).toStrictEqual({ eip155: 'eip155:31337' })
    expect(client.network.$activeNamespace.get()).toBe('eip155')
    expect(client.connection.$status.get()).toBe('connected')
    expect(storage.getItem('@portico/connected_namespaces')).toBe('["eip155"]')
    expect(storage.getItem('@portico/connection_status')).toBe('"connected"')
    await client.connection.disconnect({ namespace: 'eip155' })
    expect(storage.getItem('@portico/connected_namespaces')).toBeNull()
    expect(storage.getItem('@portico/connection_status')).toBe('"disconnected"')
  })

  it('disconnecting everything leaves the active namespace where it was', async () => {
    const { client } = await both()
    await client.connection.disconnect()
    expect(client.connection.$connections.get()).toEqual({})
    expect(client.network.$activeNamespace.get()).toBe('solana')
  })

  it('a wallet silent on the reload leaves its namespace disconnected and the other connected', async () => {
    const storage = createMemoryStorage()
    const { client: first } = await both(storage)
    first.destroy()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const wallet = fakeSolana()
    wallet.state.reconnect = () => new Promise(() => undefined)
    const injected = createFakeWallet()
    cleanup(injected.announce(window, { name: 'Fake Wallet', rdns: 'dev.portico.fake' }))
    const { client } = setup({ networks: [evm, solana(MAINNET, 'Solana')], storage, wallet })
    const restoring = client.connection.reconnect()
    await vi.advanceTimersByTimeAsync(10_000)
    await restoring
    expect(client.connection.$connections.get().solana?.status).toBe('disconnected')
    expect(client.connection.$connections.get().eip155?.status).toBe('connected')
    // Solana was active when the page was left; it did not come back, EVM did: EVM is shown.
    expect(client.network.$activeNamespace.get()).toBe('eip155')
  })

  it('the marker of a pending connect survives the cancel of another namespace', async () => {
    const injected = createFakeWallet()
    cleanup(injected.announce(window, { name: 'Fake Wallet', rdns: 'dev.portico.fake' }))
    injected.override('eth_requestAccounts', () => new Promise(() => undefined))
    const wallet = fakeSolana()
    let answer: ((account: AdapterAccount) => void) | undefined
    wallet.adapter.connection.connect = () => new Promise((resolve) => (answer = resolve))
    const { client } = setup({ networks: [evm, solana(MAINNET, 'Solana')], wallet })
    const pendingSolana = client.connection.connect({ connectorId: 'sol.wallet' })
    const pendingEvm = client.connection
      .connect({ connectorId: 'dev.portico.fake' })
      .catch((e) => e)
    expect(client.connection.$connectingId.get()).toBe('dev.portico.fake')
    await client.connection.disconnect({ namespace: 'eip155' })
    expect((await pendingEvm).code).toBe('ABORTED')
    expect(client.connection.$connectingId.get()).toBe('sol.wallet')
    await vi.waitFor(() => expect(answer).toBeDefined())
    answer?.({ addresses: [ADDRESS], chainReference: MAINNET })
    await pendingSolana
    expect(client.connection.$connectingId.get()).toBeUndefined()
  })
})

describe('what a connection remembers', () => {
  it('the namespace once however often it connects, and the wallet among the recent ones', async () => {
    const storage = createMemoryStorage()
    const { client } = setup({ storage })
    await client.connection.connect({ connectorId: 'sol.wallet' })
    await client.connection.connect({ connectorId: 'sol.wallet', accountType: 'smartAccount' })
    expect(storage.getItem('@portico/connected_namespaces')).toBe('["solana"]')
    expect(client.connectors.$recentWallets.get().map((w) => w.id)).toEqual(['sol.wallet'])
  })

  it('a restored connection is not a new choice: the recent wallets stay as they were', async () => {
    const storage = createMemoryStorage({
      '@portico/connected_connector_id:solana': '"sol.wallet"',
      '@portico/connected_namespaces': '["solana"]',
      '@portico/connections:solana': `[{"connectorId":"sol.wallet","accounts":[{"address":"${ADDRESS}"}]}]`,
    })
    const { client } = setup({ storage, ssr: true })
    await client.connection.reconnect()
    expect(client.connection.$connections.get().solana?.status).toBe('connected')
    expect(client.connectors.$recentWallets.get()).toEqual([])
  })

  it('a page reloads as it was left: the active namespace stays the one that was active', async () => {
    const storage = createMemoryStorage()
    const injected = createFakeWallet()
    cleanup(injected.announce(window, { name: 'Fake Wallet', rdns: 'dev.portico.fake' }))
    const networks = [evm, solana(MAINNET, 'Solana')] as const
    const first = setup({ networks, storage, ssr: true })
    await first.client.connection.connect({ connectorId: 'sol.wallet' })
    await first.client.connection.connect({ connectorId: 'dev.portico.fake' })
    expect(first.client.network.$activeNamespace.get()).toBe('eip155')
    first.client.destroy()
    // The Solana wallet answers last: its restore must not take the page over.
    const wallet = fakeSolana()
    let answer: (() => void) | undefined
    wallet.state.reconnect = () =>
      new Promise((resolve) => (answer = () => resolve(wallet.state.answer)))
    const { client } = setup({ networks, storage, ssr: true, wallet })
    const restoring = client.connection.reconnect()
    await vi.waitFor(() => {
      expect(client.connection.$connections.get().eip155?.status).toBe('connected')
      expect(answer).toBeDefined()
    })
    answer?.()
    await restoring
    expect(client.connection.$connections.get().solana?.status).toBe('connected')
    expect(client.connection.$connections.get().eip155?.status).toBe('connected')
    expect(client.network.$activeNamespace.get()).toBe('eip155')
  })
})

describe('what the connection tells about its wallet', () => {
  it('names the wallet behind the connection', async () => {
    const { client } = setup()
    expect(client.connection.$walletInfo.get()).toBeUndefined()
    await client.connection.connect({ connectorId: 'sol.wallet' })
    expect(client.connection.$walletInfo.get()).toMatchObject({ id: 'sol.wallet', name: 'Sol' })
  })

  it('asks the wallet for the account type the app wants, the namespace default otherwise', async () => {
    const wallet = fakeSolana()
    const asked: unknown[] = []
    const connect = wallet.adapter.connection.connect
    wallet.adapter.connection.connect = (connector, options) => {
      asked.push(options?.accountType)
      return connect(connector, options)
    }
    const { client } = setup({ wallet })
    await client.connection.connect({ connectorId: 'sol.wallet' })
    await client.connection.disconnect()
    await client.connection.connect({ connectorId: 'sol.wallet', accountType: 'smartAccount' })
    await client.connection.disconnect()
    const other = setup({ wallet, defaultAccountTypes: { solana: 'stx' } })
    await other.client.connection.connect({ connectorId: 'sol.wallet' })
    expect(asked).toEqual(['eoa', 'smartAccount', 'stx'])
  })

  it('keeps an error until it is cleared or the next attempt starts', async () => {
    const wallet = fakeSolana()
    wallet.adapter.connection.connect = async () => {
      throw new Error('locked')
    }
    const { client } = setup({ wallet })
    await client.connection.connect({ connectorId: 'sol.wallet' }).catch(() => undefined)
    expect(client.connection.$error.get()?.code).toBe('WALLET_ERROR')
    expect(client.connection.$error.get()?.message).toBe(
      'The wallet failed the connection request: locked',
    )
    client.connection.clearError()
    expect(client.connection.$error.get()).toBeUndefined()
  })

  it('a wallet that shares no account is refused', async () => {
    const wallet = fakeSolana()
    wallet.state.answer = { addresses: [], chainReference: MAINNET }
    const { client } = setup({ wallet })
    const error = await client.connection.connect({ connectorId: 'sol.wallet' }).catch((e) => e)
    expect(error.code).toBe('WALLET_ERROR')
    expect(error.message).toBe('The wallet shared no account')
    expect(client.connection.$connections.get().solana?.status).toBe('disconnected')
  })

  it('a wallet of a namespace the app has no adapter for is refused with the namespace', async () => {
    const client = createPortico({
      ...base,
      storage: 'memory',
      networks: [evm],
      connectors: [
        { id: 'sol.wallet', name: 'Sol', chain: 'solana', provider: createFakeWallet().provider },
      ],
    })
    cleanup(() => client.destroy())
    const error = await client.connection.connect({ connectorId: 'sol.wallet' }).catch((e) => e)
    expect(error.code).toBe('CHAIN_ADAPTER_NOT_FOUND')
    expect(error.details).toEqual({ namespace: 'solana' })
    expect(error.cause.message).toBe('no adapter for solana')
  })

  it('a connect still waiting when the client is destroyed stops with the reason', async () => {
    const wallet = fakeSolana()
    wallet.adapter.connection.connect = () => new Promise(() => undefined)
    const { client } = setup({ wallet })
    const pending = client.connection.connect({ connectorId: 'sol.wallet' }).catch((e) => e)
    client.destroy()
    const error = await pending
    expect(error.code).toBe('ABORTED')
    expect(error.message).toBe('The client was destroyed')
    expect(error.details).toEqual({ reason: 'destroyed' })
  })

  it('a second wallet that fails leaves the first connected, without a connecting state', async () => {
    const wallet = fakeSolana()
    const { client } = setup({ wallet })
    await client.connection.connect({ connectorId: 'sol.wallet' })
    const statuses: string[] = []
    cleanup(client.connection.$status.listen((s) => statuses.push(s)))
    wallet.adapter.connection.connect = async () => {
      throw new Error('locked')
    }
    await client.connection
      .connect({ connectorId: 'sol.wallet', accountType: 'smartAccount' })
      .catch(() => undefined)
    expect(statuses).toEqual([])
    expect(client.connection.$address.get()).toBe(ADDRESS)
  })
})

describe('restoring on its own', () => {
  const stored = () =>
    createMemoryStorage({
      '@portico/connected_connector_id:solana': '"sol.wallet"',
      '@portico/connected_namespaces': '["solana"]',
      '@portico/connection_status': '"connected"',
      '@portico/connections:solana': `[{"connectorId":"sol.wallet","accounts":[{"address":"${ADDRESS}"}]}]`,
    })

  it('a client in the browser restores the stored connection without being asked', async () => {
    const { client } = setup({ storage: stored() })
    await vi.waitFor(() =>
      expect(client.connection.$connections.get().solana?.status).toBe('connected'),
    )
  })

  it('a namespace stored without its wallet is not restored, and the restore does not wait', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const { client } = setup({
      storage: createMemoryStorage({ '@portico/connected_namespaces': '["solana"]' }),
      ssr: true,
    })
    await client.connection.reconnect()
    expect(client.connection.$connections.get()).toEqual({})
  })

  it('a server render starts from the request: reconnecting with the stored address', () => {
    const { client } = setup({
      ssr: true,
      initialState: {
        storage: {
          '@portico/connected_connector_id:solana': '"sol.wallet"',
          '@portico/connected_namespaces': '["solana"]',
          '@portico/connections:solana': `[{"connectorId":"sol.wallet","accounts":[{"address":"bad address"},{"address":"${ADDRESS}"},{"address":"${OTHER}"}]}]`,
        },
      },
    })
    expect(client.connection.$connections.get().solana).toEqual({
      status: 'reconnecting',
      address: ADDRESS,
      chainId: `solana:${MAINNET}`,
      caipAddress: `solana:${MAINNET}:${ADDRESS}`,
      connectorId: 'sol.wallet',
      allAccounts: [
        { address: ADDRESS, type: 'eoa', namespace: 'solana' },
        { address: OTHER, type: 'eoa', namespace: 'solana' },
      ],
    })
  })

  it('a server render restores nothing from a stored connection without a usable account or wallet', () => {
    const connector = { '@portico/connected_connector_id:solana': '"sol.wallet"' }
    const account = `[{"accounts":[{"address":"${ADDRESS}"}]}]`
    for (const stored of [
      { ...connector, '@portico/connections:solana': '[{"connectorId":"sol.wallet"}]' },
      { ...connector, '@portico/connections:solana': '["sol.wallet"]' },
      { ...connector, '@portico/connections:solana': '[{"accounts":[{"address":"no way"}]}]' },
      { ...connector, '@portico/connections:solana': '[{"accounts":["not an account"]}]' },
      { '@portico/connections:solana': account },
    ]) {
      const { client } = setup({
        ssr: true,
        initialState: {
          storage: { '@portico/connected_namespaces': '["solana"]', ...stored },
        },
      })
      expect(client.connection.$connections.get().solana, JSON.stringify(stored)).toBeUndefined()
    }
    // The same with both: restored (the cases above fail for what they lack).
    const { client } = setup({
      ssr: true,
      initialState: {
        storage: {
          '@portico/connected_namespaces': '["solana"]',
          ...connector,
          '@portico/connections:solana': account,
        },
      },
    })
    expect(client.connection.$connections.get().solana?.status).toBe('reconnecting')
  })
})

describe('the explorer link', () => {
  it('is absent on a chain the app does not list', async () => {
    const wallet = fakeSolana()
    wallet.state.answer = { addresses: [ADDRESS], chainReference: TESTNET }
    const { client } = setup({
      wallet,
      networks: [
        {
          ...solana(MAINNET, 'Solana'),
          blockExplorers: [{ name: 'Scan', url: 'https://scan.example' }],
        },
      ],
    })
    await client.connection.connect({ connectorId: 'sol.wallet' })
    expect(client.connection.$caipAddress.get()).toBe(`solana:${TESTNET}:${ADDRESS}`)
    expect(client.connection.$explorerUrl.get()).toBeUndefined()
  })
})

/** The client of `setup`, with what it tells the rest of the app (its connection events). */
function inspectable(parameters: Parameters<typeof setup>[0] = {}) {
  const built = setup(parameters)
  const seen: ConnectionEvent[] = []
  built.events.on(connectionEvent, (event) => seen.push(event))
  return { ...built, seen }
}

describe('what a Solana connection tells the rest of the app', () => {
  it('another address: accountChanged only; another chain: chainChanged only; both: both', async () => {
    const { client, wallet, seen } = inspectable()
    await client.connection.connect({ connectorId: 'sol.wallet' })
    seen.length = 0
    wallet.events().accountsChanged([OTHER], [MAINNET, DEVNET])
    expect(seen.map((e) => e.type)).toEqual(['accountChanged'])
    seen.length = 0
    wallet.events().accountsChanged([OTHER], [DEVNET])
    expect(seen.map((e) => e.type)).toEqual(['chainChanged'])
    seen.length = 0
    wallet.events().accountsChanged([ADDRESS], [MAINNET])
    expect(seen).toEqual([
      { type: 'chainChanged', namespace: 'solana' },
      { type: 'accountChanged', namespace: 'solana' },
    ])
    expect(client.connection.$caipAddress.get()).toBe(`solana:${MAINNET}:${ADDRESS}`)
    seen.length = 0
    wallet.events().chainChanged(DEVNET)
    expect(seen).toEqual([{ type: 'chainChanged', namespace: 'solana' }])
  })

  it('a restored connection of an inactive namespace is the active one by the time apps hear of it', async () => {
    // EVM (listed first) is the active namespace and is not connected: Solana takes over.
    const { client, seen, events } = inspectable({
      networks: [evm, solana(MAINNET, 'Solana')],
      ssr: true,
      storage: createMemoryStorage({
        '@portico/connected_connector_id:solana': '"sol.wallet"',
        '@portico/connected_namespaces': '["solana"]',
      }),
    })
    expect(client.network.$activeNamespace.get()).toBe('eip155')
    const activeWhenHeard: string[] = []
    events.on(connectionEvent, () => activeWhenHeard.push(client.network.$activeNamespace.get()))
    await client.connection.reconnect()
    expect(seen).toEqual([{ type: 'reconnected', namespace: 'solana' }])
    expect(activeWhenHeard).toEqual(['solana'])
  })
})

describe('WalletConnect and the embedded wallet', () => {
  function withConnector(type: 'WALLET_CONNECT' | 'AUTH') {
    const built = inspectable()
    built.use(connectorsFeature).add({ id: 'proto', name: 'Protocol', type, chain: 'solana' })
    return built
  }

  it('are not remembered among the recent wallets: the wallet picked through them is', async () => {
    for (const type of ['WALLET_CONNECT', 'AUTH'] as const) {
      const { client } = withConnector(type)
      await client.connection.connect({ connectorId: 'proto' })
      expect(client.connection.$status.get(), type).toBe('connected')
      expect(client.connectors.$recentWallets.get(), type).toEqual([])
    }
  })

  it('get no 120 s deadline, and each attempt asks again instead of joining an open one', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const { client, wallet } = withConnector('WALLET_CONNECT')
    let asked = 0
    wallet.adapter.connection.connect = () => {
      asked++
      return new Promise(() => undefined)
    }
    const first = client.connection.connect({ connectorId: 'proto' }).catch((e) => e)
    await vi.waitFor(() => expect(asked).toBe(1))
    await vi.advanceTimersByTimeAsync(120_000)
    expect(client.connection.$status.get()).toBe('connecting')
    // The user tries the browser wallet, then goes back to the QR code: a new pairing.
    const other = client.connection.connect({ connectorId: 'sol.wallet' }).catch((e) => e)
    expect((await first).details).toEqual({ reason: 'replaced' })
    const again = client.connection.connect({ connectorId: 'proto' }).catch((e) => e)
    expect((await other).details).toEqual({ reason: 'replaced' })
    await vi.waitFor(() => expect(asked).toBe(3))
    await client.connection.disconnect()
    expect((await again).details).toEqual({ reason: 'disconnected' })
  })
})

describe('a Solana wallet, more rules', () => {
  it('an attempt the app itself cancelled (ABORTED) is not shown as an error', async () => {
    const wallet = fakeSolana()
    wallet.adapter.connection.connect = async () => {
      throw new PorticoError('ABORTED', 'The pairing was cancelled')
    }
    const { client } = setup({ wallet })
    const error = await client.connection.connect({ connectorId: 'sol.wallet' }).catch((e) => e)
    expect(error.code).toBe('ABORTED')
    expect(client.connection.$error.get()).toBeUndefined()
    expect(client.connection.$status.get()).toBe('disconnected')
  })

  it('an account whose type the wallet does not say is an eoa', async () => {
    const { client } = setup()
    await client.connection.connect({ connectorId: 'sol.wallet' })
    expect(client.connection.$connections.get().solana?.allAccounts).toEqual([
      { address: ADDRESS, type: 'eoa', namespace: 'solana' },
    ])
  })

  it("a restore asks the wallet for the namespace's account type", async () => {
    const asked: unknown[] = []
    for (const defaultAccountTypes of [undefined, { solana: 'stx' as const }]) {
      const wallet = fakeSolana()
      wallet.adapter.connection.reconnect = async (_connector, options) => {
        asked.push(options?.accountType)
        return wallet.state.answer
      }
      const { client } = setup({
        wallet,
        ssr: true,
        ...(defaultAccountTypes ? { defaultAccountTypes } : {}),
        storage: createMemoryStorage({
          '@portico/connected_connector_id:solana': '"sol.wallet"',
          '@portico/connected_namespaces': '["solana"]',
        }),
      })
      await client.connection.reconnect()
      expect(client.connection.$status.get()).toBe('connected')
    }
    expect(asked).toEqual(['eoa', 'stx'])
  })

  it('a viem chain needs a working EVM adapter too', () => {
    expect(() =>
      createPortico({
        ...base,
        storage: 'memory',
        networks: [
          {
            id: 31337,
            name: 'Anvil',
            nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
            rpcUrls: { default: { http: [DOWN] } },
          },
        ],
        adapters: { eip155: 'viem' as never },
      }),
    ).toThrow('networks list eip155:31337 but no eip155 adapter is set')
  })

  it('a server render ignores a stored connection of a namespace the app does not list', () => {
    const { client } = setup({
      ssr: true,
      initialState: {
        storage: {
          '@portico/connected_namespaces': '["bip122","solana"]',
          '@portico/connected_connector_id:bip122': '"btc.wallet"',
          '@portico/connections:bip122': '[{"accounts":[{"address":"bc1qxyz"}]}]',
          '@portico/connected_connector_id:solana': '"sol.wallet"',
          '@portico/connections:solana': '[{"accounts":[{"address":"no way"}]}]',
        },
      },
    })
    // Nothing usable: an app listing the connections sees none at all.
    expect(Object.keys(client.connection.$connections.get())).toEqual([])
  })
})

describe('two namespaces, the active one', () => {
  async function both() {
    const injected = createFakeWallet()
    cleanup(injected.announce(window, { name: 'Fake Wallet', rdns: 'dev.portico.fake' }))
    const built = setup({ networks: [evm, solana(MAINNET, 'Solana')] })
    await built.client.connection.connect({ connectorId: 'dev.portico.fake' })
    await built.client.connection.connect({ connectorId: 'sol.wallet' })
    return { ...built, injected }
  }

  it('the active wallet leaving on its own makes the other namespace active', async () => {
    const { client, wallet } = await both()
    expect(client.network.$activeNamespace.get()).toBe('solana')
    wallet.events().disconnect()
    expect(client.network.$activeNamespace.get()).toBe('eip155')
    expect(client.connection.$status.get()).toBe('connected')
  })

  it('the other wallet leaving leaves the open modal on the Account of the active one', async () => {
    const { client, injected } = await both()
    client.modal.open()
    expect(client.modal.$view.get().view).toBe('Account')
    injected.emit('accountsChanged', [])
    await vi.waitFor(() =>
      expect(client.connection.$connections.get().eip155?.status).toBeUndefined(),
    )
    expect(client.modal.$view.get().view).toBe('Account')
  })

  it('disconnecting everything keeps the active namespace, even the first one connected', async () => {
    const { client } = await both()
    client.connection.switchNamespace('eip155')
    await client.connection.disconnect()
    expect(client.connection.$connections.get()).toEqual({})
    expect(client.network.$activeNamespace.get()).toBe('eip155')
  })
})

describe('changing the active namespace', () => {
  it('refuses a namespace the app lists no network of, naming it, and changes nothing', () => {
    const { client } = setup({ networks: [evm, solana(MAINNET, 'Solana')] })
    const error = (() => {
      try {
        client.connection.switchNamespace('bip122')
      } catch (e) {
        return e as PorticoError
      }
    })()
    expect(error).toBeInstanceOf(PorticoError)
    expect(error?.code).toBe('UNSUPPORTED_CHAIN')
    expect(error?.details).toEqual({ namespace: 'bip122' })
    expect(client.network.$activeNamespace.get()).toBe('eip155')
  })

  it('to a connected one keeps a deeper stack that starts on Connect', async () => {
    const { client } = setup({ networks: [evm, solana(MAINNET, 'Solana')] })
    await client.connection.connect({ connectorId: 'sol.wallet' })
    client.connection.switchNamespace('eip155')
    client.modal.open()
    client.modal.push('AllWallets')
    client.connection.switchNamespace('solana')
    expect(client.modal.$stack.get().map((entry) => entry.view)).toEqual(['Connect', 'AllWallets'])
  })
})

describe('the active namespace when a connection ends', () => {
  const BITCOIN = 'bip122:000000000019d6689c085ae165831e93'
  function fakeBitcoin() {
    const wallet = fakeSolana()
    wallet.state.answer = {
      addresses: ['bc1qexample'],
      chainReference: BITCOIN.split(':')[1] ?? '',
    }
    return wallet
  }

  it('disconnecting the only connection keeps the namespace active', async () => {
    const { client } = setup()
    await client.connection.connect({ connectorId: 'sol.wallet' })
    await client.connection.disconnect({ namespace: 'solana' })
    expect(client.network.$activeNamespace.get()).toBe('solana')
    expect(client.network.$activeNetwork.get()?.id).toBe(`solana:${MAINNET}`)
  })

  it('disconnecting a namespace that is not the active one leaves the active one alone', async () => {
    const bitcoin = fakeBitcoin()
    const { client } = setup({
      networks: [
        evm,
        solana(MAINNET, 'Solana'),
        {
          id: BITCOIN,
          name: 'Bitcoin',
          nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
          rpcUrls: { http: [DOWN] },
        },
      ],
      adapters: {
        solana: async () => fakeSolana().adapter,
        bip122: async () => bitcoin.adapter,
      },
      connectors: [
        { id: 'sol.wallet', name: 'Sol', chain: 'solana', provider: createFakeWallet().provider },
        { id: 'btc.wallet', name: 'Btc', chain: 'bip122', provider: createFakeWallet().provider },
      ],
    })
    await client.connection.connect({ connectorId: 'sol.wallet' })
    await client.connection.connect({ connectorId: 'btc.wallet' })
    // The user looks at EVM, where nothing is connected yet.
    client.connection.switchNamespace('eip155')
    await client.connection.disconnect({ namespace: 'solana' })
    expect(client.network.$activeNamespace.get()).toBe('eip155')
    expect(client.connection.$connections.get().bip122?.status).toBe('connected')
  })
})

describe('which namespace takes over', () => {
  it('only a connected one: a namespace whose connect failed does not become active', async () => {
    const injected = createFakeWallet()
    cleanup(injected.announce(window, { name: 'Fake Wallet', rdns: 'dev.portico.fake' }))
    injected.override('eth_requestAccounts', () => {
      throw { code: 4001, message: 'User rejected the request.' }
    })
    const { client, wallet } = setup({ networks: [evm, solana(MAINNET, 'Solana')] })
    await client.connection.connect({ connectorId: 'dev.portico.fake' }).catch(() => undefined)
    expect(client.connection.$connections.get().eip155?.status).toBe('disconnected')
    await client.connection.connect({ connectorId: 'sol.wallet' })
    wallet.events().disconnect()
    expect(client.network.$activeNamespace.get()).toBe('solana')
  })

  it('after a reload where the active namespace stayed away: the one that came back, not the first stored', async () => {
    const storage = createMemoryStorage()
    const networks = [evm, solana(MAINNET, 'Solana')] as const
    const injected = createFakeWallet()
    cleanup(injected.announce(window, { name: 'Fake Wallet', rdns: 'dev.portico.fake' }))
    const first = setup({ networks, storage })
    // Solana is stored first, and is the namespace on screen when the page is left.
    await first.client.connection.connect({ connectorId: 'sol.wallet' })
    await first.client.connection.connect({ connectorId: 'dev.portico.fake' })
    first.client.connection.switchNamespace('solana')
    expect(storage.getItem('@portico/connected_namespaces')).toBe('["solana","eip155"]')
    first.client.destroy()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const wallet = fakeSolana()
    wallet.state.reconnect = () => new Promise(() => undefined)
    const { client } = setup({ networks, storage, wallet, ssr: true })
    const restoring = client.connection.reconnect()
    await vi.advanceTimersByTimeAsync(10_000)
    await restoring
    expect(client.connection.$connections.get().solana?.status).toBe('disconnected')
    expect(client.network.$activeNamespace.get()).toBe('eip155')
  })
})
