import { act, renderHook, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createTestClient, wrapperFor } from '../test/setup.js'
import { announcedWallet, RDNS } from '../test/wallet.js'
import { useSwap } from './useSwap.js'

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

const CHAIN = 'eip155:31337'
const ETH = `${CHAIN}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`
const USDC = `${CHAIN}:0x5FbDB2315678afecb367f032d93F642f64180aa3`

/** The swap API at the edge, counting what it is asked. */
function server() {
  const hits: string[] = []
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input))
    hits.push(url.pathname)
    if (url.pathname === '/v1/supported-chains') return Response.json({ http: [CHAIN] })
    if (url.pathname.endsWith('/balance')) return Response.json({ balances: [] })
    if (url.pathname === '/v1/convert/tokens') {
      return Response.json({
        tokens: [
          { name: 'Ether', symbol: 'ETH', address: ETH, decimals: 18, logoUri: '' },
          { name: 'USD Coin', symbol: 'USDC', address: USDC, decimals: 6, logoUri: '' },
        ],
      })
    }
    if (url.pathname === '/v1/fungible/price') return Response.json({ fungibles: [] })
    if (url.pathname === '/v1/convert/gas-price') {
      return Response.json({ standard: '1', fast: '1', instant: '1' })
    }
    if (url.pathname === '/v1/convert/quotes') {
      return Response.json({ quotes: [{ toAmount: '1500000000' }] })
    }
    if (url.pathname.startsWith('/v1/identity')) return Response.json({ name: null, avatar: null })
    const body = JSON.parse(String(init?.body ?? '{}'))
    return Response.json({ jsonrpc: '2.0', id: body.id, result: '0x1bc16d674ec80000' })
  }
  return { hits, fetch }
}

describe('useSwap', () => {
  it('loads the tokens and quotes for the component that uses it, with stable actions', async () => {
    stops.push(announcedWallet().stop)
    const api = server()
    const client = createTestClient({ fetch: api.fetch, swaps: { chainIds: [31337] } })
    client.connectors.startDiscovery()
    await client.connection.connect({ connectorId: RDNS })
    expect(api.hits.filter((hit) => hit.startsWith('/v1/convert/'))).toEqual([])

    const { result, rerender } = renderHook(() => useSwap(), { wrapper: wrapperFor(client) })
    expect(result.current).toMatchObject({ status: 'idle', isPending: false, isSupported: true })
    // The first use downloads the swap's code: a real import, so a real (polled) wait.
    await waitFor(
      () => expect(result.current.tokens.tokens.map((t) => t.symbol)).toEqual(['ETH', 'USDC']),
      { timeout: 15_000 },
    )
    expect(result.current.source?.symbol).toBe('ETH')
    const { swap, setTarget, setAmount } = result.current
    rerender()
    expect(result.current.swap).toBe(swap)
    expect(result.current.setAmount).toBe(setAmount)

    await act(() => setTarget(result.current.tokens.tokens[1]!))
    act(() => setAmount('0.5'))
    expect(result.current.amount).toBe('0.5')
    await waitFor(() => expect(result.current.quote?.targetAmount).toBe('1500'))
    expect(result.current.quoteState.status).toBe('success')
  }, 30_000)

  it('is not supported off the swap networks', () => {
    const client = createTestClient({ fetch: server().fetch })
    const { result } = renderHook(() => useSwap(), { wrapper: wrapperFor(client) })
    expect(result.current.isSupported).toBe(false)
    expect(result.current.tokens).toEqual({ tokens: [], myTokens: [], suggested: [] })
  })
})
