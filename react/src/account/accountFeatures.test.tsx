import { createFakeWallet, TEST_ACCOUNTS } from '@portico/core/testing'
import { act, renderHook, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { useReceive } from '../account/useReceive.js'
import { useTransactionHistory } from '../history/useTransactionHistory.js'
import { useNames } from '../names/useNames.js'
import { useRegisterName } from '../names/useRegisterName.js'
import { useSendToken } from '../send/useSendToken.js'
import { createTestClient, wrapperFor } from '../test/setup.js'
import { announcedWallet, RDNS } from '../test/wallet.js'

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

const usdc = {
  name: 'USD Coin',
  symbol: 'USDC',
  chainId: 'eip155:31337',
  address: 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3',
  value: 5,
  price: 1,
  quantity: { decimals: '6', numeric: '5' },
  iconUrl: '',
}

const tx = (id: string, chain: string, spam = false) => ({
  id,
  metadata: {
    operationType: 'send',
    hash: `0x${id}`,
    minedAt: '2026-11-20T10:00:00Z',
    sentFrom: TEST_ACCOUNTS[0],
    sentTo: TEST_ACCOUNTS[1],
    status: 'confirmed',
    chain,
  },
  transfers: [
    spam
      ? {
          direction: 'in',
          quantity: { numeric: '1' },
          nft_info: { name: 'Free', flags: { is_spam: true } },
        }
      : {
          direction: 'out',
          quantity: { numeric: '1.5' },
          fungible_info: { name: 'USD Coin', symbol: 'USDC' },
        },
  ],
})

/** The Blockchain API at the edge of the world, with what it was asked. */
function server({ historyFails = false } = {}) {
  const asked: URL[] = []
  const registered: unknown[] = []
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input))
    asked.push(url)
    const path = url.pathname
    if (path === '/v1/supported-chains') return Response.json({ http: ['eip155:31337'] })
    if (path.endsWith('/balance')) return Response.json({ balances: [usdc] })
    if (path.endsWith('/history')) {
      if (historyFails) return Response.json({ error: 'down' }, { status: 503 })
      return url.searchParams.get('cursor') === 'page-2'
        ? Response.json({ data: [tx('c', 'eip155:31337')], next: null })
        : Response.json({
            data: [tx('a', 'eip155:31337'), tx('s', 'eip155:31337', true), tx('b', 'eip155:1')],
            next: 'page-2',
          })
    }
    if (path === '/v1/profile/account' && init?.method === 'POST') {
      registered.push(JSON.parse(String(init.body)))
      return Response.json({ success: true })
    }
    if (path.startsWith('/v1/profile/account/'))
      return Response.json({ error: 'not found' }, { status: 404 })
    if (path.startsWith('/v1/profile/reverse/'))
      return Response.json([
        { name: 'alice.reown.id', addresses: { '60': { address: TEST_ACCOUNTS[0] } } },
      ])
    if (path.startsWith('/v1/profile/suggestions/'))
      return Response.json({ suggestions: [{ name: 'alice.reown.id', registered: false }] })
    if (path.startsWith('/v1/identity/')) return Response.json({ name: null, avatar: null })
    const body = JSON.parse(String(init?.body ?? '{}'))
    return Response.json({ jsonrpc: '2.0', id: body.id, result: '0x0' })
  }
  return { fetch, asked, registered }
}

async function connectedClient(api = server(), wallet = createFakeWallet()) {
  stops.push(announcedWallet(wallet).stop)
  const client = createTestClient({ fetch: api.fetch })
  client.connectors.startDiscovery()
  await client.connection.connect({ connectorId: RDNS })
  return { client, api, wallet }
}

describe('useSendToken', () => {
  it('offers the account tokens and validates as the user types', async () => {
    const { client } = await connectedClient()
    const { result } = renderHook(() => useSendToken(), { wrapper: wrapperFor(client) })
    await waitFor(() => expect(result.current.tokens).toEqual([usdc]))
    act(() => result.current.setToken(result.current.tokens[0]))
    act(() => result.current.setAmount('6'))
    expect(result.current.errors.amount).toEqual({ key: 'send.overBalance' })
    act(() => result.current.setMax())
    expect(result.current.amount).toBe('5')
    expect(result.current.errors).toEqual({})
    await expect(result.current.send()).rejects.toThrow(
      'An amount and receiver address are required',
    )
  })
})

describe('useTransactionHistory', () => {
  it('loads the active chain, hides spam-only items and follows next', async () => {
    const { client, api } = await connectedClient()
    const { result } = renderHook(() => useTransactionHistory(), { wrapper: wrapperFor(client) })
    await waitFor(() => expect(result.current.transactions.map((t) => t.id)).toEqual(['a']))
    expect(result.current.hasMore).toBe(true)
    expect(
      api.asked.find((u) => u.pathname.endsWith('/history'))?.searchParams.get('chainId'),
    ).toBe('eip155:31337')
    await act(() => result.current.fetchNextPage())
    expect(result.current.transactions.map((t) => t.id)).toEqual(['a', 'c'])
    expect(result.current.hasMore).toBe(false)
  })

  it("shows 'Failed to fetch transactions' when the service fails", async () => {
    const { client } = await connectedClient(server({ historyFails: true }))
    const shown: unknown[] = []
    stops.push(
      client.toast.$toast.subscribe((toast) => void (toast.open && shown.push(toast.message))),
    )
    const { result } = renderHook(() => useTransactionHistory(), { wrapper: wrapperFor(client) })
    await waitFor(() => expect(result.current.status).toBe('error'))
    expect(shown).toContainEqual({ key: 'history.fetchFailed' })
  })
})

describe('useNames and useRegisterName', () => {
  it('looks names up and registers one with a signed message', async () => {
    const wallet = createFakeWallet()
    wallet.override('personal_sign', () => `0x${'ab'.repeat(65)}`)
    const { client, api } = await connectedClient(server(), wallet)
    const names = renderHook(() => useNames(), { wrapper: wrapperFor(client) })
    expect(await names.result.current.resolve('nobody.reown.id')).toBeUndefined()
    expect((await names.result.current.reverse(TEST_ACCOUNTS[0])).map((p) => p.name)).toEqual([
      'alice.reown.id',
    ])
    expect(await names.result.current.suggestions('alice')).toEqual([
      { name: 'alice.reown.id', registered: false },
    ])
    // The last lookup, in the async shape.
    await act(() => names.result.current.suggestions('alice'))
    expect(names.result.current).toMatchObject({
      status: 'success',
      data: [{ name: 'alice.reown.id', registered: false }],
      error: undefined,
      isPending: false,
    })

    const register = renderHook(() => useRegisterName(), { wrapper: wrapperFor(client) })
    await act(() => register.result.current.register('alice'))
    expect(register.result.current.status).toBe('success')
    const body = api.registered[0] as {
      coin_type: number
      address: string
      message: string
      signature: string
    }
    expect(body.coin_type).toBe(60)
    expect(body.address).toBe(TEST_ACCOUNTS[0])
    expect(JSON.parse(body.message)).toMatchObject({
      name: 'alice.reown.id',
      address: TEST_ACCOUNTS[0],
    })
    expect(client.account.$account.get().profileName).toBe('alice.reown.id')
  })

  it("refuses with 'Address or auth connector not found' when nobody is connected", async () => {
    const client = createTestClient()
    const { result } = renderHook(() => useRegisterName(), { wrapper: wrapperFor(client) })
    await expect(result.current.register('alice')).rejects.toThrow(
      'Address or auth connector not found',
    )
  })
})

describe('useReceive', () => {
  it('gives the address and the networks of its namespace', async () => {
    const { client } = await connectedClient()
    const { result } = renderHook(() => useReceive(), { wrapper: wrapperFor(client) })
    expect(result.current.address).toBe(TEST_ACCOUNTS[0])
    expect(result.current.networks.map((n) => n.id)).toEqual(['eip155:31337'])
  })
})
