// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AdapterEventHandlers, ChainAdapter, PreparedTransfer } from '../adapters/index.js'
import type { TokenBalance } from '../balances/index.js'
import { createPortico, type PorticoOptions } from '../client/index.js'
import { createMemoryStorage } from '../storage/index.js'
import { TEST_ACCOUNTS } from '../test-utils/fakeWallet.js'

const networks = [
  {
    id: 'eip155:31337',
    name: 'Devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { http: ['http://127.0.0.1:9'] },
  },
  {
    id: 'eip155:31338',
    name: 'Devnet L2',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { http: ['http://127.0.0.1:10'] },
  },
] as const satisfies PorticoOptions['networks']

const ether = (chainId: string): TokenBalance => ({
  name: 'Ether',
  symbol: 'ETH',
  chainId,
  value: 1,
  price: 1,
  quantity: { decimals: '18', numeric: '1' },
  iconUrl: '',
})

function gate<T>() {
  let open!: (value: T) => void
  const promise = new Promise<T>((resolve) => {
    open = resolve
  })
  return { promise, open }
}

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

/** A client whose wallet (an adapter at the edge of the world) records what it is handed. */
function setup({
  profileGate,
  options = {},
}: {
  profileGate?: Promise<void>
  options?: Partial<PorticoOptions>
} = {}) {
  const handed: PreparedTransfer[] = []
  /** The wallet's build of a transfer waits for the next of these, when a test holds it. */
  const holds: Promise<void>[] = []
  const building: string[] = []
  const signed: string[] = []
  const registered: unknown[] = []
  const handlers: AdapterEventHandlers[] = []
  const adapter: ChainAdapter = {
    namespace: 'eip155',
    isAddress: (a) => /^0x[0-9a-fA-F]{40}$/.test(a),
    connection: {
      connect: async () => ({ addresses: [TEST_ACCOUNTS[0]], chainReference: '31337' }),
      reconnect: async () => ({ addresses: [TEST_ACCOUNTS[0]], chainReference: '31337' }),
      disconnect: async () => undefined,
      subscribe: (_connector, h) => {
        handlers.push(h)
        return () => undefined
      },
    },
    signing: {
      request: async () => null,
      signMessage: async (_connector, _address, message) => {
        signed.push(message)
        return `0x${'ab'.repeat(65)}`
      },
    },
    transfers: {
      prepareTransfer: async (p) => {
        building.push(p.from)
        await holds.shift()
        return {
          chainId: p.network.id,
          from: p.from,
          request: { to: p.to, chainId: p.network.id, value: p.amount, decimals: p.decimals },
          fee: { value: 1n, formatted: '0', symbol: 'ETH' },
        }
      },
      sendTransfer: async (_connector, prepared) => {
        handed.push(prepared)
        return `0x${'1'.repeat(64)}`
      },
      waitForTransfer: async (hash) => ({ hash, status: 'success' }),
    },
  }
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const path = new URL(String(input)).pathname
    if (path.startsWith('/v1/profile/account/')) {
      await profileGate
      return Response.json({
        name: 'alice.reown.id',
        addresses: { '60': { address: TEST_ACCOUNTS[1] } },
        attributes: {},
      })
    }
    if (path === '/v1/profile/account' && init?.method === 'POST') {
      registered.push(JSON.parse(String(init.body)))
      return Response.json({ success: true })
    }
    return Response.json({ name: null, avatar: null })
  }
  const client = createPortico({
    projectId: 'p',
    networks,
    storage: createMemoryStorage(),
    logLevel: 'silent',
    apiUrls: { blockchain: 'http://api.test', toolkit: 'http://api.test' },
    fetch,
    connectors: [{ id: 'wallet', name: 'Wallet', provider: { request: async () => null } }],
    adapters: { eip155: async () => adapter },
    ...options,
  })
  cleanups.push(() => client.destroy())
  /** Holds the wallet's next build of a transfer until the returned function is called. */
  function holdBuild() {
    const held = gate<void>()
    holds.push(held.promise)
    return () => held.open()
  }
  return { client, handed, signed, registered, handlers, building, holdBuild }
}

/** Connected on 31337 with the form filled: 0.5 ETH to the second test account. */
async function filled(options?: Partial<PorticoOptions>) {
  const built = setup({ options })
  await built.client.connection.connect({ connectorId: 'wallet' })
  built.client.send.setToken(ether('eip155:31337'))
  built.client.send.setAmount('0.5')
  built.client.send.setReceiver(TEST_ACCOUNTS[1])
  return built
}

describe('one intent, one wallet prompt', () => {
  it('two quick Sends while the receiver name resolves hand one transfer to the wallet', async () => {
    const profile = gate<void>()
    const { client, handed } = setup({ profileGate: profile.promise })
    await client.connection.connect({ connectorId: 'wallet' })
    client.send.setToken(ether('eip155:31337'))
    client.send.setAmount('0.5')
    client.send.setReceiver('alice')
    const first = client.send.send()
    const second = client.send.send()
    profile.open()
    expect(await first).toBe(await second)
    expect(handed).toHaveLength(1)
  })

  it('two quick registrations ask for one signature and post once', async () => {
    const { client, signed, registered } = setup()
    await client.connection.connect({ connectorId: 'wallet' })
    const [a, b] = await Promise.all([
      client.names.registerName('alice'),
      client.names.registerName('alice'),
    ])
    expect([a, b]).toEqual(['alice.reown.id', 'alice.reown.id'])
    expect(signed).toHaveLength(1)
    expect(registered).toHaveLength(1)
  })
})

describe("a token's decimals", () => {
  it('are handed to the adapter with the amount, which checks them against the chain', async () => {
    const { client, handed } = await filled()
    client.send.setToken({
      ...ether('eip155:31337'),
      name: 'USD Coin',
      symbol: 'USDC',
      address: 'eip155:31337:0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35',
      quantity: { decimals: '6', numeric: '100' },
    })
    client.send.setAmount('2.5')
    await client.send.send()
    expect(handed[0]?.request).toMatchObject({ value: 2_500_000n, decimals: 6 })
  })
})

describe('a transfer is bound to its chain', () => {
  it('refuses a token of another chain than the wallet is on', async () => {
    const { client, handed } = setup()
    await client.connection.connect({ connectorId: 'wallet' })
    client.send.setToken(ether('eip155:31338'))
    client.send.setAmount('0.5')
    client.send.setReceiver(TEST_ACCOUNTS[1])
    const error = await client.send.preview().catch((e) => e)
    expect(error.code).toBe('INVALID_INPUT')
    expect(error.details).toMatchObject({
      message: { key: 'send.wrongNetwork' },
      tokenChain: 'eip155:31338',
      walletChain: 'eip155:31337',
    })
    await expect(client.send.send()).rejects.toThrow('another network')
    expect(handed).toEqual([])
  })

  it('drops the preview when the wallet moves to another chain, and never sends it there', async () => {
    const { client, handed, handlers } = await filled()
    const prepared = await client.send.preview()
    expect(prepared.chainId).toBe('eip155:31337')
    for (const handler of handlers) handler.chainChanged('31338')
    expect(client.send.$state.get().prepared).toBeUndefined()
    expect(client.send.$preview.get().status).toBe('idle')
    // The token chosen for 31337 is no longer on the wallet's chain.
    await expect(client.send.send()).rejects.toThrow('another network')
    client.send.setToken(ether('eip155:31338'))
    await client.send.send()
    expect(handed.map((transfer) => transfer.chainId)).toEqual(['eip155:31338'])
  })

  it('drops the preview when the account changes', async () => {
    const { client, handlers } = await filled()
    await client.send.preview()
    for (const handler of handlers) handler.accountsChanged([TEST_ACCOUNTS[1]])
    expect(client.send.$state.get().prepared).toBeUndefined()
  })
})

describe('a prepared preview follows the wallet', () => {
  async function previewed(options?: Partial<PorticoOptions>) {
    const built = await filled(options)
    const prepared = await built.client.send.preview()
    return { ...built, prepared }
  }

  it('is kept when the same account is restored (reconnect), and is the one sent', async () => {
    // With ssr the app restores the connection itself, after the form is ready.
    const { client, prepared, handed, building } = await previewed({ ssr: true })
    await client.connection.reconnect()
    expect(client.connection.$status.get()).toBe('connected')
    expect(client.send.$state.get().prepared).toBe(prepared)
    expect(client.send.$preview.get()).toMatchObject({ status: 'success', data: prepared })
    await client.send.send()
    expect(handed).toEqual([prepared])
    expect(building).toHaveLength(1)
  })

  it('is kept when the same wallet connects again, and dropped when it disconnects', async () => {
    const { client, prepared } = await previewed()
    await client.connection.connect({ connectorId: 'wallet' })
    expect(client.send.$state.get().prepared).toBe(prepared)
    expect(client.send.$preview.get().status).toBe('success')
    await client.connection.disconnect()
    expect(client.send.$state.get().prepared).toBeUndefined()
    expect(client.send.$preview.get().status).toBe('idle')
  })

  it('a preview still being built when the account changes is not sent from the old account', async () => {
    const { client, handed, handlers, building, holdBuild } = await filled()
    const open = holdBuild()
    const late = client.send.preview()
    await vi.waitFor(() => expect(building).toEqual([TEST_ACCOUNTS[0]]))
    for (const handler of handlers) handler.accountsChanged([TEST_ACCOUNTS[1]])
    open()
    await late
    // The form shows no preview for an account that is no longer the wallet's.
    expect(client.send.$state.get().prepared).toBeUndefined()
    await client.send.send()
    expect(handed.map((transfer) => transfer.from)).toEqual([TEST_ACCOUNTS[1]])
  })

  it('a preview still being built when the amount is edited is not the one sent', async () => {
    const { client, handed, building, holdBuild } = await filled()
    const open = holdBuild()
    const late = client.send.preview()
    await vi.waitFor(() => expect(building).toHaveLength(1))
    client.send.setAmount('0.25')
    open()
    await late
    expect(client.send.$state.get().prepared).toBeUndefined()
    await client.send.send()
    // 0.25 ether in wei, what the form says, not the 0.5 of the stale preview.
    expect(handed.map((transfer) => transfer.request.value)).toEqual([250_000_000_000_000_000n])
  })

  it.each([
    ['the wallet moves to another chain', (m: Moves) => m.chainChanged('31338')],
    ['the form is reset', (m: Moves) => m.reset()],
    ['the receiver is edited', (m: Moves) => m.setReceiver(TEST_ACCOUNTS[0])],
    ['the token is changed', (m: Moves) => m.setToken(ether('eip155:31337'))],
  ])('a preview still being built when %s is not kept in the form', async (_, move) => {
    const { client, handlers, building, holdBuild } = await filled()
    const open = holdBuild()
    const late = client.send.preview()
    await vi.waitFor(() => expect(building).toHaveLength(1))
    move({
      chainChanged: (reference) => {
        for (const handler of handlers) handler.chainChanged(reference)
      },
      reset: () => client.send.reset(),
      setReceiver: (receiver) => client.send.setReceiver(receiver),
      setToken: (token) => client.send.setToken(token),
    })
    open()
    await late
    expect(client.send.$state.get().prepared).toBeUndefined()
  })
})

type Moves = {
  chainChanged(reference: string): void
  reset(): void
  setReceiver(receiver: string): void
  setToken(token: TokenBalance): void
}
