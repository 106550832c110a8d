// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ChainAdapter, PrepareTransferParameters } from '../adapters/index.js'
import { createFakeWallet } from '../test-utils/fakeWallet.js'
import { cleanupAfterEach, createOfflinePortico, DOWN } from '../test-utils/offline.js'
import { sendCodeLoaded } from '../test-utils/sendForm.js'

// Balances and sending exist for eip155 and solana only. A Bitcoin wallet is behind a minimal
// adapter of the test's own (connect only), at the edge of the world.

const GENESIS = '000000000019d6689c085ae165831e93'
const ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'

const cleanup = cleanupAfterEach()
afterEach(() => {
  vi.useRealTimers()
})
beforeAll(async () => {
  await import('../connection/lazy.js')
  await import('./lazy.js')
}, 30_000)

function connectedOnBitcoin() {
  const adapter: ChainAdapter = {
    namespace: 'bip122',
    isAddress: () => true,
    connection: {
      connect: async () => ({ addresses: [ADDRESS], chainReference: GENESIS }),
      reconnect: async () => undefined,
      disconnect: async () => undefined,
      subscribe: () => () => undefined,
    },
  }
  const { client } = createOfflinePortico(cleanup, {
    networks: [
      {
        id: `bip122:${GENESIS}`,
        name: 'Bitcoin',
        nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
        rpcUrls: { http: [DOWN] },
      },
    ],
    adapters: { bip122: async () => adapter },
    connectors: [
      { id: 'btc.wallet', name: 'Btc', chain: 'bip122', provider: createFakeWallet().provider },
    ],
  })
  return client
}

/** A chain's own coin in the wallet, held `numeric` (whole coins), with no price. */
function coin(name: string, symbol: string, chainId: string, decimals: string, numeric: string) {
  return { name, symbol, chainId, value: 0, price: 0, quantity: { decimals, numeric }, iconUrl: '' }
}

describe('sending off the namespaces that support it', () => {
  it("refuses a complete form on Bitcoin: 'Sending is not available on bip122'", async () => {
    const client = connectedOnBitcoin()
    await client.connection.connect({ connectorId: 'btc.wallet' })
    expect(client.connection.$status.get()).toBe('connected')
    client.send.setToken(coin('Bitcoin', 'BTC', `bip122:${GENESIS}`, '8', '1'))
    client.send.setAmount('0.1')
    client.send.setReceiver(ADDRESS)
    await expect(client.send.preview()).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: 'Sending is not available on bip122',
    })
  })
})

describe('the receiver when the active namespace changes', () => {
  const SOLANA_MAINNET = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
  const SOLANA_ADDRESS = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'

  function connectedOnEvmAndSolana() {
    const prepared: PrepareTransferParameters[] = []
    const adapter: ChainAdapter = {
      namespace: 'solana',
      // Base58, 32 to 44 characters: enough of a Solana address for this test.
      isAddress: (value) => /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(value),
      connection: {
        connect: async () => ({ addresses: [SOLANA_ADDRESS], chainReference: SOLANA_MAINNET }),
        reconnect: async () => undefined,
        disconnect: async () => undefined,
        subscribe: () => () => undefined,
      },
      transfers: {
        async prepareTransfer(parameters) {
          prepared.push(parameters)
          return {
            chainId: `solana:${SOLANA_MAINNET}`,
            from: parameters.from,
            request: {},
            fee: { value: 5000n, formatted: '0.000005', symbol: 'SOL' },
          }
        },
        sendTransfer: async () => 'never sent here',
        waitForTransfer: async () => ({ hash: 'never sent here', status: 'success' }),
      },
    }
    const { client } = createOfflinePortico(cleanup, {
      networks: [
        {
          id: 'eip155:31337',
          name: 'Devnet',
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: { http: [DOWN] },
        },
        {
          id: `solana:${SOLANA_MAINNET}`,
          name: 'Solana',
          nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
          rpcUrls: { http: [DOWN] },
        },
      ],
      adapters: { solana: async () => adapter },
      connectors: [
        { id: 'sol.wallet', name: 'Sol', chain: 'solana', provider: createFakeWallet().provider },
      ],
    })
    return { client, prepared }
  }

  it('reads a Solana address typed on the EVM side again as an address once Solana is active', async () => {
    const { client } = connectedOnEvmAndSolana()
    await sendCodeLoaded(client)
    await client.connection.connect({ connectorId: 'sol.wallet' })
    client.connection.switchNamespace('eip155')
    client.send.setReceiver(SOLANA_ADDRESS)
    // Not an EVM address: on the EVM side it is not a receiver the form can use.
    expect(client.send.$state.get().resolved).toBeUndefined()

    client.connection.switchNamespace('solana')
    expect(client.send.$state.get()).toMatchObject({
      receiver: SOLANA_ADDRESS,
      resolved: { address: SOLANA_ADDRESS },
      resolving: false,
    })
    expect(client.send.$errors.get()).toEqual({})
  })

  it('stops taking an EVM address typed on the EVM side once Solana is active', async () => {
    const { client } = connectedOnEvmAndSolana()
    await sendCodeLoaded(client)
    await client.connection.connect({ connectorId: 'sol.wallet' })
    client.connection.switchNamespace('eip155')
    client.send.setReceiver('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    expect(client.send.$state.get().resolved).toEqual({
      address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    })

    client.connection.switchNamespace('solana')
    expect(client.send.$state.get()).toMatchObject({ resolved: undefined, resolving: false })
    expect(client.send.$errors.get()).toEqual({ receiver: { key: 'send.invalidAddress' } })
  })

  it('does not look a name up on Solana: names resolve to EVM addresses', async () => {
    vi.useFakeTimers()
    const { client } = connectedOnEvmAndSolana()
    await sendCodeLoaded(client)
    await client.connection.connect({ connectorId: 'sol.wallet' })
    client.send.setReceiver('alice.reown.id')
    expect(client.send.$state.get()).toMatchObject({ resolved: undefined, resolving: false })
    expect(client.send.$errors.get()).toEqual({ receiver: { key: 'send.invalidAddress' } })

    // Typed on the EVM side, the name is being looked up; once Solana is active it is not.
    client.connection.switchNamespace('eip155')
    client.send.setReceiver('alice.reown.id')
    expect(client.send.$state.get().resolving).toBe(true)
    client.connection.switchNamespace('solana')
    expect(client.send.$state.get()).toMatchObject({ resolved: undefined, resolving: false })
    await vi.runAllTimersAsync()
    expect(client.send.$state.get()).toMatchObject({ resolved: undefined, resolving: false })
    expect(client.send.$errors.get()).toEqual({ receiver: { key: 'send.invalidAddress' } })
  })

  it('takes a Solana address typed before the Solana wallet connected once it has', async () => {
    const { client, prepared } = connectedOnEvmAndSolana()
    await sendCodeLoaded(client)
    client.connection.switchNamespace('solana')
    client.send.setToken(coin('Solana', 'SOL', `solana:${SOLANA_MAINNET}`, '9', '2'))
    client.send.setAmount('1')
    client.send.setReceiver(SOLANA_ADDRESS)
    expect(client.send.$errors.get()).toEqual({ receiver: { key: 'send.invalidAddress' } })
    await client.connection.connect({ connectorId: 'sol.wallet' })
    expect(client.send.$errors.get()).toEqual({})
    await client.send.preview()
    expect(prepared.map(({ from, to, amount }) => ({ from, to, amount }))).toEqual([
      { from: SOLANA_ADDRESS, to: SOLANA_ADDRESS, amount: 1_000_000_000n },
    ])
  })
})
