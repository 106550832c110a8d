// @vitest-environment happy-dom
import { beforeAll, describe, expect, it } from 'vitest'
import type { ChainAdapter } from '../adapters/index.js'
import { createFakeWallet } from '../test-utils/fakeWallet.js'
import { cleanupAfterEach, createOfflinePortico, DOWN } from '../test-utils/offline.js'

// Balances and sending exist for eip155 and solana only. A Bitcoin wallet is behind a minimal
// adapter of the test's own (connect only), at the edge of the world.

const GENESIS = '000000000019d6689c085ae165831e93'
const ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'

const cleanup = cleanupAfterEach()
beforeAll(async () => {
  await import('../connection/flow.js')
  await import('./flow.js')
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

describe('sending off the namespaces that support it', () => {
  it("refuses a complete form on Bitcoin: 'Sending is not available on bip122'", async () => {
    const client = connectedOnBitcoin()
    await client.connection.connect({ connectorId: 'btc.wallet' })
    expect(client.connection.$status.get()).toBe('connected')
    client.send.setToken({
      name: 'Bitcoin',
      symbol: 'BTC',
      chainId: `bip122:${GENESIS}`,
      value: 0,
      price: 0,
      quantity: { decimals: '8', numeric: '1' },
      iconUrl: '',
    })
    client.send.setAmount('0.1')
    client.send.setReceiver(ADDRESS)
    await expect(client.send.preview()).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: 'Sending is not available on bip122',
    })
  })
})
