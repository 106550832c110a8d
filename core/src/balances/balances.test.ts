// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { PorticoOptions } from '../client/index.js'
import { createPortico } from '../client/index.js'
import { createMemoryStorage } from '../storage/index.js'
import { createFakeWallet, TEST_ACCOUNTS } from '../test-utils/fakeWallet.js'

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
  }
  const hits: string[] = []
  let release: () => void = () => {}
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input))
    if (url.origin !== API) {
      const body = JSON.parse(String(init?.body))
      return Response.json({ jsonrpc: '2.0', id: body.id, result: '0xde0b6b3a7640000' })
    }
    hits.push(url.pathname)
    if (url.pathname === '/v1/supported-chains') {
      if (state.supportedDown) return Response.json({ error: 'down' }, { status: 503 })
      return Response.json({ http: state.supported, ws: [] })
    }
    if (url.pathname.endsWith('/balance')) {
      if (state.mode === 'fail') return Response.json({ error: 'down' }, { status: 503 })
      if (state.mode === 'hang') await new Promise<void>((resolve) => (release = resolve))
      return Response.json({ balances: state.balances })
    }
    if (url.pathname.startsWith('/v1/identity/')) return Response.json({ name: null, avatar: null })
    return Response.json({}, { status: 404 })
  }
  return { state, hits, fetch, release: () => release() }
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

async function connected() {
  const server = fakeServer()
  const wallet = createFakeWallet()
  cleanups.push(wallet.announce(window, { name: 'Fake', rdns: 'dev.portico.fake' }))
  const client = createPortico({
    projectId: 'test',
    networks,
    storage: createMemoryStorage(),
    logLevel: 'silent',
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
})
