// @vitest-environment happy-dom
/**
 * Values read back from storage pass the validators the values passed when they came in: a
 * tampered localStorage (another script on the page, a browser extension, a shared computer)
 * injects no script link, no unchecked address and no hidden characters.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createPortico, type PorticoOptions } from '../client/index.js'
import { createFakeWallet, TEST_ACCOUNTS } from '../test-utils/fakeWallet.js'
import { createMemoryStorage } from './adapter.js'

const API = 'https://api.test'
const NOW = 1_700_000_000_000
const ALICE = TEST_ACCOUNTS[0]
const CAIP_ALICE = `eip155:31337:${ALICE}`
const networks = [
  {
    id: 'eip155:31337',
    name: 'Devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { http: ['https://rpc.test'] },
  },
] as const satisfies PorticoOptions['networks']

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

/** The hosted APIs and the chain's RPC, answering well: what a fresh read would get. */
function server() {
  const hits: string[] = []
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input))
    if (url.origin !== API) {
      // The chain: 1 ETH for any balance read.
      const body = JSON.parse(String(init?.body))
      return Response.json({ jsonrpc: '2.0', id: body.id, result: '0xde0b6b3a7640000' })
    }
    hits.push(url.pathname)
    if (url.pathname.startsWith('/v1/identity/')) {
      return Response.json({ name: 'alice.reown.id', avatar: null })
    }
    if (url.pathname.startsWith('/v1/profile/account/')) {
      return Response.json({ name: 'alice.reown.id', addresses: { '60': { address: ALICE } } })
    }
    if (url.pathname === '/v1/supported-chains') {
      return Response.json({ http: ['eip155:31337'], ws: [] })
    }
    if (url.pathname.endsWith('/balance')) return Response.json({ balances: [USDC] })
    if (url.pathname.startsWith('/v1/profile/reverse/')) {
      return Response.json([{ name: 'alice.reown.id', addresses: { '60': { address: ALICE } } }])
    }
    return Response.json({}, { status: 404 })
  }
  return { hits, fetch }
}

/** A client on storage holding `stored` (keys without the prefix), a wallet ready to connect. */
function clientWith(stored: Record<string, unknown>) {
  const api = server()
  const storage = createMemoryStorage(
    Object.fromEntries(
      Object.entries(stored).map(([key, value]) => [`@portico/${key}`, JSON.stringify(value)]),
    ),
  )
  const wallet = createFakeWallet()
  cleanups.push(wallet.announce(window, { name: 'Fake', rdns: 'dev.portico.fake' }))
  const client = createPortico({
    projectId: 'test',
    networks,
    storage,
    logLevel: 'silent',
    apiUrls: { blockchain: API, toolkit: API },
    fetch: api.fetch,
    now: () => NOW,
  })
  cleanups.push(() => client.destroy())
  client.connectors.startDiscovery()
  const connect = () => client.connection.connect({ connectorId: 'dev.portico.fake' })
  return { client, hits: api.hits, connect }
}

const USDC = {
  name: 'USD Coin',
  symbol: 'USDC',
  chainId: 'eip155:31337',
  value: 1,
  price: 1,
  quantity: { decimals: '6', numeric: '1' },
  iconUrl: '',
}
const cached = (value: unknown) => ({ timestamp: NOW - 1_000, value })

describe('values read back from storage', () => {
  it('identity cache: an avatar script link is dropped and the name cleaned', async () => {
    const { client, connect, hits } = clientWith({
      identity_cache: {
        [ALICE.toLowerCase()]: cached({
          name: 'vitalik.eth\u202E',
          avatar: 'javascript:alert(document.domain)',
        }),
      },
    })
    await connect()
    expect(await client.identity.fetchIdentity(ALICE)).toEqual({
      name: 'vitalik.eth',
      avatar: null,
    })
    await vi.waitFor(() => expect(client.identity.$profile.get().name).toBe('vitalik.eth'))
    expect(client.account.$account.get().profileImage).toBeUndefined()
    expect(hits.filter((path) => path.startsWith('/v1/identity/'))).toEqual([])
  })

  it('identity cache: an entry whose name is no account name is not served; the API is asked', async () => {
    const { client, hits } = clientWith({
      identity_cache: { [ALICE.toLowerCase()]: cached({ name: 'null', avatar: null }) },
    })
    expect(await client.identity.fetchIdentity(ALICE)).toEqual({
      name: 'alice.reown.id',
      avatar: null,
    })
    expect(hits.filter((path) => path.startsWith('/v1/identity/'))).toHaveLength(1)
  })

  it('recent wallets: a script icon and script links never reach the Connect list', () => {
    const { client } = clientWith({
      recent_wallets: [
        {
          id: 'evil',
          name: 'MetaMask\u202E\u200B',
          imageUrl: 'javascript:alert(1)',
          mobileLink: 'javascript:alert(1)',
          desktopLink: 'ms-msdt:/id PCWDiagnostic',
          webappLink: 'https://wallet.example/',
        },
      ],
    })
    const recent = client.wallets.$connectList
      .get()
      .find((item) => item.kind === 'wallet' && item.recent)
    expect(recent?.kind === 'wallet' && recent.wallet).toEqual({
      id: 'evil',
      name: 'MetaMask',
      webappLink: 'https://wallet.example/',
    })
    expect(client.connectors.$recentWallets.get()).toEqual([
      { id: 'evil', name: 'MetaMask', webappLink: 'https://wallet.example/' },
    ])
  })

  it('deep-link choice: a script link is not exposed; a safe one is', async () => {
    // The choice is read when shown, once its checks' code has arrived.
    const linkingOf = async (choice: unknown) => {
      const { $wcLinking } = clientWith({ deeplink_choice: choice }).client.walletConnect
      const stop = $wcLinking.listen(() => undefined)
      await vi.dynamicImportSettled()
      await new Promise((resolve) => setImmediate(resolve))
      stop()
      return $wcLinking.get()
    }
    expect(await linkingOf({ name: 'x', href: 'javascript:alert(1)' })).toBeUndefined()
    expect(await linkingOf({ name: 'x', href: 'search-ms:query=x' })).toBeUndefined()
    expect(await linkingOf({ name: 'MetaMask', href: 'metamask://wc?uri=x' })).toEqual({
      name: 'MetaMask',
      href: 'metamask://wc?uri=x',
    })
  })

  it('name cache: a cached "address" that is no address is not used; the name is resolved again', async () => {
    const { client, hits } = clientWith({
      name_cache: {
        'resolve:alice.reown.id': cached({ address: 'eip155:1:0xNOTANADDRESS<script>' }),
      },
    })
    expect(await client.names.resolveName('alice.reown.id')).toBe(ALICE)
    expect(hits).toEqual(['/v1/profile/account/alice.reown.id'])
  })

  it('name cache: cached profiles are validated like the answer they came from', async () => {
    const { client, hits } = clientWith({
      name_cache: {
        [`reverse:${ALICE.toLowerCase()}`]: cached({
          profiles: [{ name: 'evil\u202E', addresses: { '60': { address: '<script>' } } }],
        }),
      },
    })
    const profiles = await client.names.reverseLookup(ALICE)
    expect(profiles.map((profile) => profile.name)).toEqual(['alice.reown.id'])
    expect(hits).toEqual([`/v1/profile/reverse/${ALICE}`])
  })

  it('token list cache: names and symbols come back clean, icons safe', async () => {
    const { client, connect, hits } = clientWith({
      portfolio_cache: {
        [CAIP_ALICE]: cached([
          {
            name: `USD Coin\u202E${'!'.repeat(1_000_000)}`,
            symbol: 'USDC\u200B',
            chainId: 'eip155:31337',
            value: 1,
            price: 1,
            quantity: { decimals: '6', numeric: '1' },
            iconUrl: 'javascript:alert(1)',
          },
        ]),
      },
    })
    await connect()
    const tokens = await client.balances.fetchTokenBalances()
    expect(tokens.map((t) => [t.name, t.symbol, t.iconUrl])).toEqual([
      [`USD Coin${'!'.repeat(56)}`, 'USDC', ''],
    ])
    expect(hits.filter((path) => path.endsWith('/balance'))).toEqual([])
  })

  it('token list cache: a list with an item that fails is not served; the API is asked', async () => {
    const { client, connect, hits } = clientWith({
      portfolio_cache: {
        [CAIP_ALICE]: cached([USDC, { ...USDC, chainId: '<img src=x onerror=alert(1)>:1' }]),
      },
    })
    await connect()
    expect(await client.balances.fetchTokenBalances()).toEqual([USDC])
    expect(hits.filter((path) => path.endsWith('/balance'))).toHaveLength(1)
  })

  it('native balance cache: a value that is no amount is not shown; the chain is read', async () => {
    const { client, connect } = clientWith({
      native_balance_cache: { [CAIP_ALICE]: cached({ formatted: '<script>', symbol: 'ETH' }) },
    })
    await connect()
    await client.balances.refreshNativeBalance()
    expect(client.balances.$nativeBalance.get().data).toEqual({ balance: '1', symbol: 'ETH' })
  })
})
