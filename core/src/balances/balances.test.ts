// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { PorticoOptions } from '../client/index.js'
import { createPortico } from '../client/index.js'
import { createMemoryStorage, type StorageAdapter } from '../storage/index.js'
import { createFakeWallet, TEST_ACCOUNTS } from '../test-utils/fakeWallet.js'
import { claimStorageKey, createRestoredPortico } from '../test-utils/portico.js'

const API = 'https://blockchain.test'
const networks = [
  {
    id: 'eip155:31337',
    name: 'Devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { http: ['https://rpc.test'] },
  },
  {
    id: 'eip155:31338',
    name: 'Devnet L2',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { http: ['https://rpc2.test'] },
  },
] as const satisfies PorticoOptions['networks']

const usdc = {
  name: 'USD Coin',
  symbol: 'USDC',
  chainId: 'eip155:31337',
  address: 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3',
  value: 100,
  price: 1,
  quantity: { decimals: '6', numeric: '100' },
  iconUrl: 'https://img.test/usdc.png',
}

type Mode = 'ok' | 'fail' | 'hang'

/** The Blockchain API and chain RPC, as a server at the edge of the world. */
function fakeServer() {
  const state = {
    mode: 'ok' as Mode,
    balances: [usdc] as unknown[],
    supported: ['eip155:31337'],
    supportedDown: false,
    /** The chain's answer to eth_getBalance (1 ETH unless changed). */
    rpc: 'ok' as Mode,
    nativeWei: '0xde0b6b3a7640000',
  }
  const hits: string[] = []
  const waiting: (() => void)[] = []
  let releaseRpc: () => void = () => {}
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input))
    if (url.origin !== API) {
      const body = JSON.parse(String(init?.body))
      if (body.method === 'eth_getBalance') {
        hits.push('eth_getBalance')
        if (state.rpc === 'fail') {
          // An error viem does not retry: the read fails at once.
          return Response.json({
            jsonrpc: '2.0',
            id: body.id,
            error: { code: -32602, message: 'no such block' },
          })
        }
        if (state.rpc === 'hang') await new Promise<void>((resolve) => (releaseRpc = resolve))
      }
      return Response.json({ jsonrpc: '2.0', id: body.id, result: state.nativeWei })
    }
    hits.push(url.pathname)
    if (url.pathname === '/v1/supported-chains') {
      if (state.supportedDown) return Response.json({ error: 'down' }, { status: 503 })
      return Response.json({ http: state.supported, ws: [] })
    }
    if (url.pathname.endsWith('/balance')) {
      if (state.mode === 'fail') return Response.json({ error: 'down' }, { status: 503 })
      if (state.mode === 'hang') await new Promise<void>((resolve) => waiting.push(resolve))
      return Response.json({ balances: state.balances })
    }
    if (url.pathname.startsWith('/v1/identity/')) return Response.json({ name: null, avatar: null })
    return Response.json({}, { status: 404 })
  }
  return {
    state,
    hits,
    fetch,
    release: () => {
      for (const resolve of waiting.splice(0)) resolve()
    },
    releaseRpc: () => releaseRpc(),
  }
}

let clock = 1_000_000
const cleanups: (() => void)[] = []

beforeEach(() => {
  clock = 1_000_000
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
})
afterEach(() => {
  vi.useRealTimers()
  for (const cleanup of cleanups.splice(0)) cleanup()
})

async function connected({
  storage = createMemoryStorage(),
  logLevel = 'silent',
}: {
  storage?: StorageAdapter
  logLevel?: 'silent' | 'warn'
} = {}) {
  const server = fakeServer()
  const wallet = createFakeWallet()
  cleanups.push(wallet.announce(window, { name: 'Fake', rdns: 'dev.portico.fake' }))
  const client = createPortico({
    projectId: 'test',
    networks,
    storage,
    logLevel,
    apiUrls: { blockchain: API, toolkit: API },
    fetch: server.fetch,
    now: () => clock,
  })
  cleanups.push(() => client.destroy())
  client.connectors.startDiscovery()
  await client.connection.connect({ connectorId: 'dev.portico.fake' })
  return { client, server, wallet }
}

const balanceCalls = (hits: string[]) => hits.filter((p) => p.endsWith('/balance')).length

describe('token balances', () => {
  it('fetches, validates and keeps the account tokens', async () => {
    const { client, server } = await connected()
    const tokens = await client.balances.fetchTokenBalances()
    expect(tokens).toEqual([usdc])
    expect(client.account.$account.get().tokenBalance).toEqual([usdc])
    expect(server.hits).toContain(`/v1/account/${TEST_ACCOUNTS[0]}/balance`)
  })

  it("drops tokens with decimals '0' and malformed items", async () => {
    const { client, server } = await connected()
    server.state.balances = [
      usdc,
      { ...usdc, symbol: 'JUNK', quantity: { decimals: '0', numeric: '5' } },
      { ...usdc, value: 'a lot' },
      { ...usdc, chainId: 'not-caip' },
      { ...usdc, quantity: { decimals: '6', numeric: '-1' } },
      null,
      { ...usdc, symbol: 'EVIL', iconUrl: 'javascript:alert(1)' },
    ]
    const tokens = await client.balances.fetchTokenBalances()
    expect(tokens.map((t) => t.symbol)).toEqual(['USDC', 'EVIL'])
    expect(tokens[1]?.iconUrl).toBe('')
  })

  it('serves the cache for 30 s, then asks again', async () => {
    const { client, server } = await connected()
    await client.balances.fetchTokenBalances()
    clock += 29_999
    await client.balances.fetchTokenBalances()
    expect(balanceCalls(server.hits)).toBe(1)
    clock += 1
    await client.balances.fetchTokenBalances()
    expect(balanceCalls(server.hits)).toBe(2)
  })

  it('shares one request between concurrent callers', async () => {
    const { client, server } = await connected()
    server.state.mode = 'hang'
    const a = client.balances.fetchTokenBalances()
    const b = client.balances.fetchTokenBalances()
    await vi.waitFor(() => expect(balanceCalls(server.hits)).toBe(1))
    server.release()
    expect(await a).toEqual(await b)
    expect(balanceCalls(server.hits)).toBe(1)
  })

  it("shows 'Token Balance Unavailable' on failure and blocks retries for 30 s", async () => {
    const { client, server } = await connected()
    server.state.mode = 'fail'
    expect(await client.balances.fetchTokenBalances()).toEqual([])
    expect(client.toast.$toast.get()).toMatchObject({
      message: { key: 'balances.unavailable' },
      variant: 'error',
    })
    expect(client.balances.$tokenBalances.get().status).toBe('error')
    server.state.mode = 'ok'
    clock += 29_999
    await client.balances.fetchTokenBalances()
    expect(balanceCalls(server.hits)).toBe(1)
    clock += 1
    expect(await client.balances.fetchTokenBalances()).toEqual([usdc])
  })

  it('makes no balance call on a network the API does not support', async () => {
    const { client, server, wallet } = await connected()
    wallet.emit('chainChanged', '0x7a6a')
    expect(await client.balances.fetchTokenBalances()).toEqual([])
    expect(balanceCalls(server.hits)).toBe(0)
    expect(client.toast.$toast.get().message).toEqual({ key: 'balances.unavailable' })
  })

  it('after a forced refresh failed, the cached list within 30 s is a success again, without the error', async () => {
    const { client, server } = await connected()
    // Shown, as a UI shows it (reading the list while nothing shows it fetches it).
    const stop = client.balances.$tokenBalances.listen(() => {})
    cleanups.push(stop)
    await client.balances.fetchTokenBalances()
    server.state.mode = 'fail'
    await client.balances.fetchTokenBalances({ forceUpdate: true })
    expect(client.balances.$tokenBalances.get().status).toBe('error')
    clock += 29_999
    expect(await client.balances.fetchTokenBalances()).toEqual([usdc])
    expect(client.balances.$tokenBalances.get()).toMatchObject({
      status: 'success',
      data: [usdc],
      error: undefined,
      isPending: false,
    })
    expect(balanceCalls(server.hits)).toBe(2)
  })

  it('is pending while the list loads, a success once it is here', async () => {
    const { client, server } = await connected()
    server.state.mode = 'hang'
    const loading = client.balances.fetchTokenBalances()
    expect(client.balances.$tokenBalances.get()).toMatchObject({
      status: 'pending',
      isPending: true,
    })
    await vi.waitFor(() => expect(balanceCalls(server.hits)).toBe(1))
    server.release()
    await loading
    expect(client.balances.$tokenBalances.get()).toEqual({
      status: 'success',
      data: [usdc],
      error: undefined,
      isPending: false,
    })
  })

  it('a forced refresh does not join a plain fetch in flight: it asks again', async () => {
    const { client, server } = await connected()
    server.state.mode = 'hang'
    const plain = client.balances.fetchTokenBalances()
    const forced = client.balances.fetchTokenBalances({ forceUpdate: true })
    await vi.waitFor(() => expect(balanceCalls(server.hits)).toBe(2))
    server.release()
    expect(await Promise.all([plain, forced])).toEqual([[usdc], [usdc]])
  })

  it('while retries are blocked, a fetch answers what is known: nothing, or the last list', async () => {
    const { client, server } = await connected()
    server.state.mode = 'fail'
    await client.balances.fetchTokenBalances()
    expect(await client.balances.fetchTokenBalances()).toEqual([])
    server.state.mode = 'ok'
    clock += 30_000
    await client.balances.fetchTokenBalances()
    server.state.mode = 'fail'
    expect(await client.balances.fetchTokenBalances({ forceUpdate: true })).toEqual([usdc])
    expect(await client.balances.fetchTokenBalances({ forceUpdate: true })).toEqual([usdc])
    expect(balanceCalls(server.hits)).toBe(3)
  })

  it("logs why the list is unavailable: 'token balances are unavailable'", async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    cleanups.push(() => errors.mockRestore())
    const { client, server } = await connected({ logLevel: 'warn' })
    server.state.mode = 'fail'
    await client.balances.fetchTokenBalances()
    expect(errors.mock.calls.flat().map(String).join(' ')).toContain(
      'token balances are unavailable',
    )
  })

  it('on a network the API does not support, the empty list is a success', async () => {
    const { client, server } = await connected()
    server.state.supported = ['eip155:1']
    // Shown, as a UI shows it: reading it fetches it.
    cleanups.push(client.balances.$tokenBalances.listen(() => {}))
    await vi.waitFor(() =>
      expect(client.balances.$tokenBalances.get()).toMatchObject({
        status: 'success',
        error: undefined,
        isPending: false,
      }),
    )
    expect(await client.balances.fetchTokenBalances()).toEqual([])
    expect(balanceCalls(server.hits)).toBe(0)
  })

  it('bypasses the cache when forced', async () => {
    const { client, server } = await connected()
    await client.balances.fetchTokenBalances()
    await client.balances.fetchTokenBalances({ forceUpdate: true })
    expect(balanceCalls(server.hits)).toBe(2)
  })
})

describe('assets from the wallet (EIP-7811)', () => {
  const assets = {
    '0x7a69': [
      {
        address: 'native',
        balance: '0xde0b6b3a7640000',
        type: 'NATIVE',
        metadata: { name: 'Ether', symbol: 'ETH', decimals: 18, price: 3000 },
      },
      {
        address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
        balance: '0x2faf080',
        type: 'ERC20',
        metadata: {
          name: 'USD Coin',
          symbol: 'USDC',
          decimals: 6,
          price: 1,
          iconUrl: 'https://i.test/u.png',
        },
      },
    ],
  }

  it('uses the wallet assets when it offers asset discovery, without asking the API', async () => {
    const { client, server, wallet } = await connected()
    wallet.override('wallet_getCapabilities', () => ({
      '0x7a69': { assetDiscovery: { supported: true } },
    }))
    wallet.override('wallet_getAssets', () => assets)
    const tokens = await client.balances.fetchTokenBalances()
    expect(tokens.map((t) => [t.symbol, t.quantity.numeric, t.address])).toEqual([
      ['ETH', '1', undefined],
      ['USDC', '50', 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3'],
    ])
    expect(tokens[0]?.value).toBe(3000)
    expect(balanceCalls(server.hits)).toBe(0)
  })

  it('rejects the whole answer when one asset is malformed, and asks the API', async () => {
    const { client, server, wallet } = await connected()
    wallet.override('wallet_getCapabilities', () => ({
      '0x7a69': { assetDiscovery: { supported: true } },
    }))
    wallet.override('wallet_getAssets', () => ({
      '0x7a69': [...assets['0x7a69'], { address: 1, balance: '0x1', type: 'ERC20', metadata: {} }],
    }))
    expect(await client.balances.fetchTokenBalances()).toEqual([usdc])
    expect(balanceCalls(server.hits)).toBe(1)
  })

  it('asks for the supported networks again once that request failed, after the 30 s block', async () => {
    const { client, server } = await connected()
    server.state.supportedDown = true
    expect(await client.balances.fetchTokenBalances()).toEqual([])
    expect(client.balances.$tokenBalances.get().status).toBe('error')
    server.state.supportedDown = false
    clock += 30_000
    expect(await client.balances.fetchTokenBalances()).toEqual([usdc])
    expect(server.hits.filter((path) => path === '/v1/supported-chains')).toHaveLength(2)
  })

  it('a wallet without asset discovery is asked once per network, not on every fetch', async () => {
    const { client, wallet } = await connected()
    let asked = 0
    wallet.override('wallet_getCapabilities', () => {
      asked++
      return {}
    })
    await client.balances.fetchTokenBalances()
    await client.balances.fetchTokenBalances({ forceUpdate: true })
    expect(asked).toBe(1)
    // On another network the wallet may offer it: asked again there.
    wallet.emit('chainChanged', '0x7a6a')
    await client.balances.fetchTokenBalances({ forceUpdate: true })
    expect(asked).toBe(2)
  })

  it('says in the log why the API is used instead of the wallet', async () => {
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    cleanups.push(() => warnings.mockRestore())
    const { client, wallet } = await connected({ logLevel: 'warn' })
    wallet.override('wallet_getCapabilities', () => ({
      '0x7a69': { assetDiscovery: { supported: true } },
    }))
    wallet.override('wallet_getAssets', () => ({ '0x7a69': 'not a list' }))
    await client.balances.fetchTokenBalances()
    const logged = () => warnings.mock.calls.flat().map(String).join(' ')
    expect(logged()).toContain(
      'the wallet answered wallet_getAssets with an invalid response; using the API',
    )
    expect(logged()).not.toContain('wallet_getAssets failed')
    wallet.override('wallet_getAssets', () => {
      throw new Error('the wallet is busy')
    })
    await client.balances.fetchTokenBalances({ forceUpdate: true })
    expect(logged()).toContain('wallet_getAssets failed; using the API')
  })

  it('asks the API when the wallet fails to list its assets', async () => {
    const { client, server, wallet } = await connected()
    wallet.override('wallet_getCapabilities', () => ({
      '0x7a69': { assetDiscovery: { supported: true } },
    }))
    wallet.override('wallet_getAssets', () => {
      throw new Error('the wallet is busy')
    })
    expect(await client.balances.fetchTokenBalances()).toEqual([usdc])
    expect(balanceCalls(server.hits)).toBe(1)
  })
})

describe('native balance', () => {
  it('reads the chain after connecting', async () => {
    const { client } = await connected()
    await vi.waitFor(() => expect(client.account.$account.get().balance).toBe('1'))
    expect(client.account.$account.get().balanceSymbol).toBe('ETH')
  })

  it('reads the chain once in 30 s, across a reload too; forced, at once', async () => {
    const storage = createMemoryStorage()
    const { client, server } = await connected({ storage })
    const reads = () => server.hits.filter((hit) => hit === 'eth_getBalance').length
    await vi.waitFor(() => expect(client.balances.$nativeBalance.get().status).toBe('success'))
    expect(client.balances.$nativeBalance.get()).toEqual({
      status: 'success',
      error: undefined,
      data: { balance: '1', symbol: 'ETH' },
      isPending: false,
    })
    expect(reads()).toBe(1)
    clock += 29_999
    await client.balances.refreshNativeBalance()
    expect(reads()).toBe(1)
    server.state.nativeWei = '0x1bc16d674ec80000'
    await client.balances.refreshNativeBalance({ force: true })
    expect(reads()).toBe(2)
    expect(client.balances.$nativeBalance.get().data).toEqual({ balance: '2', symbol: 'ETH' })
    // Kept under its own storage key: a reload within 30 s shows it without asking the chain.
    expect(JSON.parse(storage.getItem('@portico/native_balance_cache') ?? '{}')).toEqual({
      [`eip155:31337:${TEST_ACCOUNTS[0]}`]: {
        timestamp: clock,
        value: { formatted: '2', symbol: 'ETH' },
      },
    })
    const reloaded = await connected({ storage })
    await vi.waitFor(() =>
      expect(reloaded.client.balances.$nativeBalance.get().data).toEqual({
        balance: '2',
        symbol: 'ETH',
      }),
    )
    expect(reloaded.server.hits.filter((hit) => hit === 'eth_getBalance')).toEqual([])
    clock += 30_000
    await reloaded.client.balances.refreshNativeBalance()
    expect(reloaded.server.hits.filter((hit) => hit === 'eth_getBalance')).toHaveLength(1)
  })

  it('is pending while the chain answers, and an error keeps the last balance', async () => {
    const { client, server } = await connected()
    await vi.waitFor(() => expect(client.balances.$nativeBalance.get().status).toBe('success'))
    server.state.rpc = 'hang'
    const refresh = client.balances.refreshNativeBalance({ force: true })
    await vi.waitFor(() =>
      expect(server.hits.filter((h) => h === 'eth_getBalance')).toHaveLength(2),
    )
    expect(client.balances.$nativeBalance.get()).toMatchObject({
      status: 'pending',
      isPending: true,
      data: { balance: '1', symbol: 'ETH' },
    })
    server.releaseRpc()
    await refresh
    expect(client.balances.$nativeBalance.get()).toMatchObject({
      status: 'success',
      isPending: false,
    })
    server.state.rpc = 'fail'
    await client.balances.refreshNativeBalance({ force: true })
    expect(client.balances.$nativeBalance.get()).toMatchObject({
      status: 'error',
      isPending: false,
      data: { balance: '1', symbol: 'ETH' },
    })
    expect(client.balances.$nativeBalance.get().error).toBeDefined()
  })

  it('a tampered stored balance is not shown: the chain is read', async () => {
    const storage = createMemoryStorage({
      '@portico/native_balance_cache': JSON.stringify({
        [`eip155:31337:${TEST_ACCOUNTS[0]}`]: {
          timestamp: clock,
          value: { formatted: '<img src=x>', symbol: 'ETH' },
        },
      }),
    })
    const { client, server } = await connected({ storage })
    await vi.waitFor(() =>
      expect(client.balances.$nativeBalance.get().data).toEqual({ balance: '1', symbol: 'ETH' }),
    )
    expect(server.hits).toContain('eth_getBalance')
  })

  it("another account's balance is not shown as this one's", async () => {
    const { client, server, wallet } = await connected()
    await vi.waitFor(() => expect(client.balances.$nativeBalance.get().status).toBe('success'))
    server.state.rpc = 'hang'
    wallet.emit('accountsChanged', [TEST_ACCOUNTS[1]])
    await vi.waitFor(() =>
      expect(client.connection.$caipAddress.get()).toBe(`eip155:31337:${TEST_ACCOUNTS[1]}`),
    )
    expect(client.balances.$nativeBalance.get()).toMatchObject({
      status: 'pending',
      data: undefined,
    })
    expect(client.account.$account.get().balance).toBeUndefined()
    server.releaseRpc()
  })

  it('is idle, with nothing, before a wallet connects', () => {
    const client = createPortico({
      projectId: 'test',
      networks,
      storage: 'memory',
      logLevel: 'silent',
      fetch: fakeServer().fetch,
    })
    cleanups.push(() => client.destroy())
    expect(client.balances.$nativeBalance.get()).toEqual({
      status: 'idle',
      error: undefined,
      data: undefined,
      isPending: false,
    })
    expect(client.balances.$tokenBalances.get()).toMatchObject({ status: 'idle', isPending: false })
  })
})

describe('what the balances feature owns', () => {
  it('its two storage keys: another feature claiming one is refused', () => {
    for (const key of ['portfolio_cache', 'native_balance_cache']) {
      expect(claimStorageKey(key)).toThrow(`Storage key ${key} is claimed by balances and squatter`)
    }
  })
})

describe('a session restored on page load', () => {
  it('asks for balances only once the wallet confirms the restored account', async () => {
    const server = fakeServer()
    const client = createRestoredPortico(
      {
        networks,
        apiUrls: { blockchain: API, toolkit: API },
        fetch: server.fetch,
        now: () => clock,
      },
      (undo) => cleanups.push(undo),
    )
    expect(client.connection.$connection.get()).toMatchObject({
      status: 'reconnecting',
      address: TEST_ACCOUNTS[0],
    })
    cleanups.push(client.balances.$tokenBalances.subscribe(() => {}))
    await vi.advanceTimersByTimeAsync(0)
    expect(balanceCalls(server.hits)).toBe(0)

    await client.connection.reconnect()
    expect(client.connection.$status.get()).toBe('connected')
    await vi.waitFor(() => expect(balanceCalls(server.hits)).toBe(1))
  })
})
