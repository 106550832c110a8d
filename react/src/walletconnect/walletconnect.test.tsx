import { act, renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createTestClient, wrapperFor } from '../test/setup.js'
import { useWalletConnect } from '../walletconnect/useWalletConnect.js'
import { useWallets } from '../wallets/useWallets.js'

const listing = (i: number) => ({
  id: `wallet-${i}`,
  name: i === 2 ? 'Rainbowish' : `Wallet ${i}`,
  image_id: `img-${i}`,
  rdns: i === 1 ? 'dev.portico.fake' : null,
  mobile_link: `wallet${i}://`,
  desktop_link: null,
  webapp_link: `https://wallet${i}.example`,
  chains: ['eip155:31337'],
})

/** The toolkit backend at the edge: 90 wallets, with what it was asked. */
function toolkit() {
  const asked: URL[] = []
  const fetch: typeof globalThis.fetch = async (input) => {
    const url = new URL(String(input))
    asked.push(url)
    if (url.pathname !== '/getWallets') return Response.json({ allowedOrigins: ['*'] })
    const all = Array.from({ length: 90 }, (_, i) => listing(i + 1))
    const search = url.searchParams.get('search')?.toLowerCase()
    const matching = search ? all.filter((w) => w.name.toLowerCase().includes(search)) : all
    const page = Number(url.searchParams.get('page'))
    const entries = Number(url.searchParams.get('entries'))
    return Response.json({
      count: matching.length,
      data: matching.slice((page - 1) * entries, page * entries),
    })
  }
  return { fetch, asked }
}

describe('useWallets', () => {
  it('loads recommended wallets on first use and pages by 40', async () => {
    const api = toolkit()
    const client = createTestClient({ fetch: api.fetch, excludeWalletIds: ['wallet-3'] })
    expect(api.asked).toEqual([])
    const { result } = renderHook(() => useWallets(), { wrapper: wrapperFor(client) })
    await waitFor(() => expect(result.current.recommended.length).toBeGreaterThan(0))
    const first = api.asked[0]!
    expect([first.searchParams.get('page'), first.searchParams.get('entries')]).toEqual(['1', '4'])
    expect(first.searchParams.get('exclude')).toBe('wallet-3')
    expect(first.searchParams.get('chains')).toBe('eip155:31337')
    await act(() => result.current.fetchNextPage())
    await act(() => result.current.fetchNextPage())
    expect(result.current.data).toHaveLength(80)
    expect(result.current.hasMore).toBe(true)
    await act(() => result.current.fetchNextPage())
    expect(result.current.data).toHaveLength(90)
    expect(result.current).toMatchObject({ status: 'success', isPending: false, error: undefined })
    expect(result.current.hasMore).toBe(false)
  })

  it('connects a listed wallet through WalletConnect when it is not installed', async () => {
    const client = createTestClient({ fetch: toolkit().fetch })
    const wallets = renderHook(() => useWallets(), { wrapper: wrapperFor(client) })
    const wc = renderHook(() => useWalletConnect(), { wrapper: wrapperFor(client) })
    await waitFor(() => expect(wallets.result.current.recommended.length).toBeGreaterThan(0))
    const target = wallets.result.current.recommended.find((w) => w.name === 'Rainbowish')!
    act(() => {
      // Only the choice of wallet matters here; the pairing itself is tested on the devnet.
      client.walletConnect.selectWallet(target)
    })
    expect(wc.result.current.wallet?.name).toBe('Rainbowish')
    expect(wc.result.current.links).toEqual({})
    expect(wc.result.current.connectionStatus).toBe('disconnected')
    // No pairing asked yet: the URI's state is idle.
    expect(wc.result.current).toMatchObject({ status: 'idle', data: undefined, isPending: false })
  })
})
