import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ChainAdapter } from '../adapters/index.js'
import { createPortico } from '../client/index.js'
import { isPorticoError } from '../errors/index.js'
import { createMemoryStorage } from '../storage/index.js'
import { TEST_ACCOUNTS } from '../test-utils/fakeWallet.js'

// The send code (`./lazy.js`) is fetched when the form is first shown or edited; here the network
// fails that fetch once (offline, or a deploy replaced the chunk).

afterEach(() => {
  vi.doUnmock('./lazy.js')
})

function connectedClient() {
  const adapter: ChainAdapter = {
    namespace: 'eip155',
    isAddress: (a) => /^0x[0-9a-fA-F]{40}$/.test(a),
    connection: {
      connect: async () => ({ addresses: [TEST_ACCOUNTS[0]], chainReference: '31337' }),
      reconnect: async () => undefined,
      disconnect: async () => undefined,
      subscribe: () => () => undefined,
    },
    transfers: {
      prepareTransfer: async (p) => ({
        chainId: p.network.id,
        from: p.from,
        request: { to: p.to },
        fee: { value: 1n, formatted: '0', symbol: 'ETH' },
      }),
      sendTransfer: async () => `0x${'1'.repeat(64)}`,
      waitForTransfer: async (hash) => ({ hash, status: 'success' }),
    },
  }
  return createPortico({
    projectId: 'p',
    networks: [
      {
        id: 'eip155:31337',
        name: 'Devnet',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { http: ['http://127.0.0.1:9'] },
      },
    ],
    storage: createMemoryStorage(),
    logLevel: 'silent',
    apiUrls: { blockchain: 'http://api.test', toolkit: 'http://api.test' },
    fetch: async () => Response.json({}, { status: 404 }),
    connectors: [{ id: 'wallet', name: 'Wallet', provider: { request: async () => null } }],
    adapters: { eip155: async () => adapter },
  })
}

describe('when the send code cannot be loaded', () => {
  it('the preview rejects saying which code is missing, and the next one loads it again', async () => {
    vi.doMock('./lazy.js', () => {
      throw new TypeError('Failed to fetch dynamically imported module')
    })
    const client = connectedClient()
    try {
      await client.connection.connect({ connectorId: 'wallet' })
      client.send.setToken({
        name: 'Ether',
        symbol: 'ETH',
        chainId: 'eip155:31337',
        value: 1,
        price: 1,
        quantity: { decimals: '18', numeric: '1' },
        iconUrl: '',
      })
      client.send.setAmount('0.5')
      client.send.setReceiver(TEST_ACCOUNTS[1])
      // The form on screen shows the preview's state.
      const stop = client.send.$preview.listen(() => undefined)
      const error = await client.send.preview().catch((e: unknown) => e)
      expect(isPorticoError(error, 'MODULE_LOAD_FAILED')).toBe(true)
      expect(error).toMatchObject({
        message: 'The send code could not be loaded',
        details: { module: 'send' },
      })
      await vi.waitFor(() => expect(client.send.$preview.get().status).toBe('error'))
      stop()
      vi.doUnmock('./lazy.js')
      await expect(client.send.preview()).resolves.toMatchObject({ chainId: 'eip155:31337' })
    } finally {
      client.destroy()
    }
  })
})
