// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { AdapterAccount, AdapterEventHandlers, ChainAdapter } from '../adapters/index.js'
import { createPortico, type PorticoOptions } from '../client/index.js'
import { PorticoError } from '../errors/index.js'
import type { PorticoNetwork } from '../options/index.js'
import { createMemoryStorage, type StorageAdapter } from '../storage/index.js'
import { unreachableFetch } from '../test-utils/client.js'
import { createFakeWallet } from '../test-utils/fakeWallet.js'

// A connection outside eip155: which chain a wallet without one current chain lands on, what its
// events change, the options that name a namespace, and the modal when the active namespace moves.
// The Solana wallet is at the edge of the world, behind a small adapter of the test's own; the
// EVM side uses the real EVM adapter and a fake injected wallet.

const DOWN = 'http://127.0.0.1:9'
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
const evm = {
  id: 'eip155:31337',
  name: 'Devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { http: [DOWN] },
} as const
const base = {
  projectId: 'test',
  logLevel: 'silent',
  apiUrls: { blockchain: DOWN, toolkit: DOWN },
  fetch: unreachableFetch,
} as const satisfies Partial<PorticoOptions>

const cleanups: (() => void)[] = []
beforeAll(async () => {
  await import('./flow.js')
  await import('../adapters/evm/createEvmAdapter.js')
}, 30_000)
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
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
  const client = createPortico({
    ...base,
    networks,
    storage,
    adapters: { solana: async () => wallet.adapter },
    connectors: [
      { id: 'sol.wallet', name: 'Sol', chain: 'solana', provider: createFakeWallet().provider },
    ],
    ...options,
  })
  cleanups.push(() => client.destroy())
  client.connectors.startDiscovery()
  return { client, wallet }
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
    cleanups.push(
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
    cleanups.push(() => client.destroy())
    expect(client.network.$activeNetwork.get()?.id).toBe('eip155:31337')
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
