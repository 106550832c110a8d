import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Modal } from '../modal/Modal.js'
import { createTestClient, renderWithClient } from '../test/render.js'

afterEach(() => {
  vi.useRealTimers()
})

const wallet = (i: number, extra: Record<string, unknown> = {}) => ({
  id: `wallet-${i}`,
  name: `Wallet ${i}`,
  image_id: `img-${i}`,
  rdns: null,
  mobile_link: `wallet${i}://`,
  desktop_link: null,
  webapp_link: null,
  chains: ['eip155:1'],
  ...extra,
})

/** A toolkit backend gone bad: script links, markup in names, items without ids, a huge page. */
function hostileServer() {
  const calls: URL[] = []
  const fetch: typeof globalThis.fetch = async (input) => {
    const url = new URL(String(input))
    calls.push(url)
    if (url.pathname === '/getWallets') {
      const search = url.searchParams.get('search')
      if (search) return Response.json({ count: 1, data: [wallet(7, { name: `Found ${search}` })] })
      const data = [
        wallet(1, {
          name: '<img src=x onerror="window.hacked=1">Evil',
          mobile_link: 'javascript:window.hacked=1',
        }),
        { name: 'No id at all' },
        wallet(2, { id: '"><script>window.hacked=1</script>' }),
        ...Array.from({ length: 5000 }, (_, i) => wallet(100 + i)),
      ]
      return Response.json({ count: 5000, data })
    }
    if (url.pathname.startsWith('/getWalletImage/')) {
      return new Response('<svg xmlns="http://www.w3.org/2000/svg"/>', {
        headers: { 'Content-Type': 'image/svg+xml' },
      })
    }
    return Response.json({ allowedOrigins: ['*'] })
  }
  return { fetch, calls }
}

describe('AllWallets with a hostile listing', () => {
  it('renders names as text, drops broken items, caps the page, and nothing runs', async () => {
    const server = hostileServer()
    const client = createTestClient({ fetch: server.fetch })
    renderWithClient(<Modal />, { client })
    act(() => client.modal.open({ view: 'AllWallets' }))
    const list = await screen.findByRole('list', { name: 'All wallets' })
    // The first 40 items of an oversized page, minus the two without a usable id.
    await waitFor(() => expect(within(list).getAllByRole('button').length).toBe(38))
    const evil = within(list).getByRole('button', {
      name: '<img src=x onerror="window.hacked=1">Evil',
    })
    expect(evil.querySelector('img[src="x"]')).toBeNull()
    expect(within(list).queryByRole('button', { name: 'No id at all' })).toBeNull()
    expect((window as { hacked?: number }).hacked).toBeUndefined()
    expect(client.wallets.find('wallet-1')?.mobileLink).toBeUndefined()
    screen.getByText('5000 wallets')
  })

  it('searches 300 ms after the last keystroke, with 100 entries', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const server = hostileServer()
    const client = createTestClient({ fetch: server.fetch })
    renderWithClient(<Modal />, { client })
    act(() => client.modal.open({ view: 'AllWallets' }))
    const box = screen.getByRole('searchbox', { name: 'Search wallets' })
    fireEvent.change(box, { target: { value: 'ra' } })
    act(() => {
      vi.advanceTimersByTime(200)
    })
    fireEvent.change(box, { target: { value: 'rai' } })
    act(() => {
      vi.advanceTimersByTime(299)
    })
    expect(server.calls.filter((u) => u.searchParams.has('search'))).toHaveLength(0)
    await act(async () => {
      vi.advanceTimersByTime(1)
    })
    const searches = server.calls.filter((u) => u.searchParams.has('search'))
    expect(
      searches.map((u) => [u.searchParams.get('search'), u.searchParams.get('entries')]),
    ).toEqual([['rai', '100']])
    vi.useRealTimers()
    await screen.findByRole('button', { name: 'Found rai' })
  })

  it('fetches nothing before the modal opens', () => {
    const server = hostileServer()
    const client = createTestClient({ fetch: server.fetch })
    renderWithClient(<Modal />, { client })
    expect(server.calls).toEqual([])
  })
})
