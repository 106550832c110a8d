import { act, renderHook, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createTestClient, wrapperFor } from '../test/setup.js'
import { announcedWallet, RDNS } from '../test/wallet.js'
import { useConnectList } from './useConnectList.js'

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

describe('useConnectList', () => {
  it('lists the wallets in the page without asking the listing, with stable actions', async () => {
    stops.push(announcedWallet().stop)
    const asked: string[] = []
    const client = createTestClient({
      fetch: async (input) => {
        asked.push(String(input))
        return new Response(null, { status: 503 })
      },
    })
    const { result, rerender } = renderHook(() => useConnectList(), {
      wrapper: wrapperFor(client),
    })
    expect(result.current).toMatchObject({ count: 0, status: 'idle' })
    act(() => client.connectors.startDiscovery())
    await waitFor(() =>
      expect(
        result.current.items.some(
          (item) => item.kind === 'connector' && item.connector.id === RDNS,
        ),
      ).toBe(true),
    )
    expect(asked).toEqual([])
    const { prefetch, connect, installedConnector, selectWallet } = result.current
    rerender()
    expect(result.current.prefetch).toBe(prefetch)
    expect(result.current.connect).toBe(connect)
    expect(result.current.installedConnector).toBe(installedConnector)
    expect(result.current.selectWallet).toBe(selectWallet)
  })

  it('says when the listing cannot be reached', async () => {
    const client = createTestClient({ fetch: async () => new Response(null, { status: 503 }) })
    const { result } = renderHook(() => useConnectList(), { wrapper: wrapperFor(client) })
    await act(() => result.current.prefetch())
    await waitFor(() => expect(result.current.status).toBe('error'))
  })
})
