import { act, renderHook, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { useBalance } from '../balances/useBalance.js'
import { useTokenBalances } from '../balances/useTokenBalances.js'
import { createTestClient, wrapperFor } from '../test/setup.js'
import { announcedWallet, RDNS } from '../test/wallet.js'

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

const token = {
  name: 'USD Coin',
  symbol: 'USDC',
  chainId: 'eip155:31337',
  address: 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3',
  value: 12.5,
  price: 1,
  quantity: { decimals: '6', numeric: '12.5' },
  iconUrl: '',
}

/** A Blockchain API and chain RPC at the edge of the world, counting balance calls. */
function server() {
  const hits = { balance: 0 }
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input))
    if (url.pathname === '/v1/supported-chains') return Response.json({ http: ['eip155:31337'] })
    if (url.pathname.endsWith('/balance')) {
      hits.balance++
      return Response.json({ balances: [token] })
    }
    if (url.pathname.startsWith('/v1/identity'))
      return Response.json({ name: 'alice.reown.id', avatar: null })
    const body = JSON.parse(String(init?.body ?? '{}'))
    return Response.json({ jsonrpc: '2.0', id: body.id, result: '0x1bc16d674ec80000' })
  }
  return { hits, fetch }
}

describe('useBalance and useTokenBalances', () => {
  it('show the native balance and fetch tokens once for every component that asks', async () => {
    stops.push(announcedWallet().stop)
    const api = server()
    const client = createTestClient({ fetch: api.fetch })
    const wrapper = wrapperFor(client)
    const native = renderHook(() => useBalance(), { wrapper })
    const first = renderHook(() => useTokenBalances(), { wrapper })
    const second = renderHook(() => useTokenBalances(), { wrapper })
    expect(first.result.current.tokens).toEqual([])
    act(() => client.connectors.startDiscovery())
    await act(() => client.connection.connect({ connectorId: RDNS }))
    await waitFor(() =>
      expect(native.result.current).toMatchObject({
        status: 'success',
        data: { balance: '2', symbol: 'ETH' },
      }),
    )
    await waitFor(() => expect(first.result.current.tokens).toEqual([token]))
    expect(second.result.current.tokens).toEqual([token])
    expect(first.result.current.status).toBe('success')
    expect(api.hits.balance).toBe(1)
    await act(() => first.result.current.refetch())
    expect(api.hits.balance).toBe(2)
  })
})
