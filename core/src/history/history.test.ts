// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { solana } from '../chains/index.js'
import type { PorticoOptions } from '../client/index.js'
import { createPortico } from '../client/index.js'
import { createMemoryStorage } from '../storage/index.js'
import { createFakeWallet, TEST_ACCOUNTS } from '../test-utils/fakeWallet.js'
import { createInspectablePortico, createRestoredPortico } from '../test-utils/portico.js'
import { historyFeature } from './feature.js'

const API = 'https://blockchain.test'
const networks = [
  {
    id: 'eip155:31337',
    name: 'Devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { http: ['https://rpc.test'] },
  },
] as const satisfies PorticoOptions['networks']

function transaction(id: string, minute: number) {
  return {
    id,
    metadata: {
      operationType: 'send',
      hash: `0x${id.padStart(64, '0')}`,
      minedAt: `2026-11-20T10:${String(minute).padStart(2, '0')}:00Z`,
      sentFrom: TEST_ACCOUNTS[0],
      sentTo: TEST_ACCOUNTS[1],
      status: 'confirmed',
      chain: 'eip155:31337',
    },
    transfers: [
      {
        direction: 'out',
        quantity: { numeric: '1.5' },
        fungible_info: { name: 'Ether', symbol: 'ETH' },
      },
    ],
  }
}

type Mode = 'ok' | 'fail' | 'hang'

/** The Blockchain API's history route, and the chain RPC, at the edge of the world. */
function fakeServer() {
  const state = {
    mode: 'ok' as Mode,
    /** Held requests answer 503 when let go. */
    failHeld: false,
    // Newest first, two per page.
    transactions: [transaction('3', 3), transaction('2', 2), transaction('1', 1)],
  }
  const requests: URL[] = []
  const held: (() => void)[] = []
  const fetch: typeof globalThis.fetch = async (input) => {
    const url = new URL(String(input))
    if (url.origin !== API) {
      return Response.json({ jsonrpc: '2.0', id: 1, result: '0x0' })
    }
    if (!url.pathname.endsWith('/history')) return Response.json({}, { status: 404 })
    requests.push(url)
    // The answer reflects the chain when the request arrives, as a real server's does.
    const snapshot = [...state.transactions]
    if (state.mode === 'hang') {
      // Answers as the server is when it is let go: fail or ok.
      await new Promise<void>((resolve) => held.push(resolve))
    }
    if (state.mode === 'fail' || (state.mode === 'hang' && state.failHeld))
      return Response.json({ error: 'down' }, { status: 503 })
    const start = Number(url.searchParams.get('cursor') ?? 0)
    const next = start + 2 < snapshot.length ? String(start + 2) : null
    return Response.json({ data: snapshot.slice(start, start + 2), next })
  }
  return {
    state,
    requests,
    fetch,
    /** Answers every held request, in the order they came (or the newest first). */
    /** Answers one held request (0 is the oldest). */
    async releaseOne(index: number) {
      held.splice(index, 1)[0]?.()
      await vi.advanceTimersByTimeAsync(0)
    },
    async release({ newestFirst = false } = {}) {
      const waiting = held.splice(0)
      if (newestFirst) waiting.reverse()
      for (const resolve of waiting) {
        resolve()
        // Lets this answer reach the client before the next one is sent.
        await vi.advanceTimersByTimeAsync(0)
      }
    },
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
  inspectable = false,
  logLevel = 'silent',
}: {
  inspectable?: boolean
  logLevel?: 'silent' | 'error'
} = {}) {
  const server = fakeServer()
  const wallet = createFakeWallet()
  cleanups.push(wallet.announce(window, { name: 'Fake', rdns: 'dev.portico.fake' }))
  const options: PorticoOptions = {
    projectId: 'test',
    networks,
    storage: createMemoryStorage(),
    logLevel,
    apiUrls: { blockchain: API, toolkit: API },
    fetch: server.fetch,
    now: () => clock,
  }
  const built = inspectable
    ? createInspectablePortico(options)
    : { client: createPortico(options), use: undefined }
  const client = built.client
  cleanups.push(() => client.destroy())
  const errorToasts: string[] = []
  cleanups.push(
    client.toast.$toast.listen((toast) => {
      if (toast.open && toast.variant === 'error' && 'key' in toast.message) {
        errorToasts.push(toast.message.key)
      }
    }),
  )
  client.connectors.startDiscovery()
  await client.connection.connect({ connectorId: 'dev.portico.fake' })
  return { client, server, wallet, errorToasts, use: built.use }
}

const ids = (client: Awaited<ReturnType<typeof connected>>['client']) =>
  (client.history.$history.get().data ?? []).map((t) => t.id)

describe('history requests', () => {
  it('ten concurrent refreshes make one request', async () => {
    const { client, server } = await connected()
    await Promise.all(Array.from({ length: 10 }, () => client.history.refresh()))
    expect(server.requests).toHaveLength(1)
    expect(ids(client)).toEqual(['3', '2'])
  })

  it('serves the list from memory for 30 s after a load, then asks again', async () => {
    const { client, server } = await connected()
    await client.history.refresh()
    clock += 29_999
    for (let i = 0; i < 10; i++) await client.history.refresh()
    expect(server.requests).toHaveLength(1)
    clock += 1
    await client.history.refresh()
    expect(server.requests).toHaveLength(2)
  })

  it("shows 'history.fetchFailed' once on a 503 and asks again only 30 s later", async () => {
    const { client, server, errorToasts } = await connected()
    server.state.mode = 'fail'
    await client.history.refresh()
    expect(client.history.$history.get()).toMatchObject({ status: 'error', isPending: false })
    server.state.mode = 'ok'
    clock += 29_999
    for (let i = 0; i < 10; i++) await client.history.refresh()
    await client.history.refresh({ force: true })
    await client.history.fetchNextPage()
    expect(server.requests).toHaveLength(1)
    await vi.runAllTimersAsync()
    expect(errorToasts).toEqual(['history.fetchFailed'])
    clock += 1
    await client.history.refresh()
    expect(server.requests).toHaveLength(2)
    expect(client.history.$history.get()).toMatchObject({ status: 'success' })
    expect(ids(client)).toEqual(['3', '2'])
  })

  it('a forced refresh waits out the same 30 s after a failure, to the millisecond', async () => {
    const { client, server } = await connected()
    server.state.mode = 'fail'
    await client.history.refresh()
    server.state.mode = 'ok'
    clock += 29_999
    await client.history.refresh({ force: true })
    expect(server.requests).toHaveLength(1)
    clock += 1
    await client.history.refresh({ force: true })
    expect(server.requests).toHaveLength(2)
    expect(ids(client)).toEqual(['3', '2'])
  })

  it('keeps what it showed when a later load fails', async () => {
    const { client, server } = await connected()
    await client.history.refresh()
    server.state.mode = 'fail'
    clock += 30_000
    await client.history.refresh()
    expect(client.history.$history.get()).toMatchObject({ status: 'error' })
    expect(ids(client)).toEqual(['3', '2'])
  })

  it('a forced refresh skips the cache: the app knows the history changed', async () => {
    const { client, server } = await connected()
    await client.history.refresh()
    server.state.transactions.unshift(transaction('4', 4))
    await client.history.refresh()
    expect(ids(client)).toEqual(['3', '2'])
    await client.history.refresh({ force: true })
    expect(server.requests).toHaveLength(2)
    expect(ids(client)).toEqual(['4', '3'])
  })

  it('the refresh sibling features call (send, once its transfer is mined) skips the cache', async () => {
    const { client, server, use } = await connected({ inspectable: true })
    await client.history.refresh()
    server.state.transactions.unshift(transaction('4', 4))
    await use?.(historyFeature).refresh()
    expect(server.requests).toHaveLength(2)
    expect(ids(client)).toEqual(['4', '3'])
  })

  it('a plain refresh joins any read in flight; forced ones share one read after the one under way', async () => {
    const { client, server } = await connected()
    server.state.mode = 'hang'
    const plain = client.history.refresh()
    const joined = client.history.refresh()
    await vi.waitFor(() => expect(server.requests).toHaveLength(1))
    // A plain read may have left before the app's change: a forced refresh reads again.
    const forced = client.history.refresh({ force: true })
    await vi.waitFor(() => expect(server.requests).toHaveLength(2))
    const forcedToo = client.history.refresh({ force: true })
    const forcedThree = client.history.refresh({ force: true })
    const plainToo = client.history.refresh()
    await vi.advanceTimersByTimeAsync(0)
    expect(server.requests).toHaveLength(2)
    await server.release()
    // The two forced calls made during the forced read share one more read.
    await vi.waitFor(() => expect(server.requests).toHaveLength(3))
    await server.release()
    await Promise.all([plain, joined, forced, forcedToo, forcedThree, plainToo])
    expect(server.requests).toHaveLength(3)
  })

  it('a forced refresh answers with what was there when it was called, even during another', async () => {
    const { client, server } = await connected()
    server.state.mode = 'hang'
    // A first transfer is mined; its refresh leaves.
    const first = client.history.refresh({ force: true })
    await vi.waitFor(() => expect(server.requests).toHaveLength(1))
    // A second one is mined while that read is on its way.
    server.state.transactions.unshift(transaction('4', 4))
    const second = client.history.refresh({ force: true })
    server.state.mode = 'ok'
    await server.release()
    await Promise.all([first, second])
    expect(server.requests).toHaveLength(2)
    expect(ids(client)).toEqual(['4', '3'])
  })

  it('a plain refresh during a forced read waits for it instead of showing the older list', async () => {
    const { client, server } = await connected()
    await client.history.refresh()
    server.state.mode = 'hang'
    server.state.transactions.unshift(transaction('4', 4))
    const forced = client.history.refresh({ force: true })
    await vi.waitFor(() => expect(server.requests).toHaveLength(2))
    let plainDone = false
    const plain = client.history.refresh().then(() => {
      plainDone = true
    })
    await vi.advanceTimersByTimeAsync(0)
    expect(plainDone).toBe(false)
    server.state.mode = 'ok'
    await server.release()
    await Promise.all([forced, plain])
    expect(ids(client)).toEqual(['4', '3'])
    expect(server.requests).toHaveLength(2)
  })

  it('an older answer arriving last does not replace a newer one', async () => {
    const { client, server } = await connected()
    server.state.mode = 'hang'
    const older = client.history.refresh()
    await vi.waitFor(() => expect(server.requests).toHaveLength(1))
    server.state.transactions.unshift(transaction('4', 4))
    const newer = client.history.refresh({ force: true })
    await vi.waitFor(() => expect(server.requests).toHaveLength(2))
    server.state.mode = 'ok'
    await server.release({ newestFirst: true })
    await Promise.all([older, newer])
    expect(ids(client)).toEqual(['4', '3'])
  })

  it('going back to an account seen less than 30 s ago shows it without a request', async () => {
    const { client, server, wallet } = await connected()
    cleanups.push(client.history.$history.listen(() => {}))
    await vi.waitFor(() => expect(server.requests).toHaveLength(1))
    await vi.waitFor(() => expect(client.history.$history.get().status).toBe('success'))
    wallet.emit('accountsChanged', [TEST_ACCOUNTS[1], TEST_ACCOUNTS[0]])
    await vi.waitFor(() => expect(server.requests).toHaveLength(2))
    expect(server.requests[1]?.pathname).toBe(`/v1/account/${TEST_ACCOUNTS[1]}/history`)
    await vi.waitFor(() => expect(client.history.$history.get().status).toBe('success'))
    clock += 29_999
    wallet.emit('accountsChanged', [TEST_ACCOUNTS[0], TEST_ACCOUNTS[1]])
    await vi.waitFor(() => expect(client.account.$account.get().address).toBe(TEST_ACCOUNTS[0]))
    await vi.runAllTimersAsync()
    expect(server.requests).toHaveLength(2)
    expect(ids(client)).toEqual(['3', '2'])
  })

  it('an older read failing after a newer one answered does not turn the list to an error', async () => {
    const { client, server } = await connected()
    server.state.mode = 'hang'
    const older = client.history.refresh()
    const newer = client.history.refresh({ force: true })
    await vi.advanceTimersByTimeAsync(0)
    expect(server.requests).toHaveLength(2)
    await server.releaseOne(1)
    await newer
    server.state.failHeld = true
    await server.releaseOne(0)
    await older
    expect(client.history.$history.get()).toMatchObject({ status: 'success', error: undefined })
    expect(ids(client)).toEqual(['3', '2'])
  })

  it("logs a failed read: 'could not load the transaction history'", async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    cleanups.push(() => errors.mockRestore())
    const { client, server } = await connected({ logLevel: 'error' })
    server.state.mode = 'fail'
    await client.history.refresh()
    expect(errors.mock.calls.flat().map(String).join(' ')).toContain(
      'could not load the transaction history',
    )
  })

  it('shows a transaction once when the pages overlap (one arrived between two reads)', async () => {
    const { client, server } = await connected()
    await client.history.refresh()
    server.state.transactions.unshift(transaction('4', 4))
    await client.history.fetchNextPage()
    expect(ids(client)).toEqual(['3', '2', '1'])
  })

  it('after a failed next page, the next one waits 30 s too, to the millisecond', async () => {
    const { client, server } = await connected()
    await client.history.refresh()
    server.state.mode = 'fail'
    await client.history.fetchNextPage()
    expect(server.requests).toHaveLength(2)
    server.state.mode = 'ok'
    clock += 29_999
    await client.history.fetchNextPage()
    expect(server.requests).toHaveLength(2)
    clock += 1
    await client.history.fetchNextPage()
    expect(server.requests).toHaveLength(3)
    expect(ids(client)).toEqual(['3', '2', '1'])
  })

  it('asks nothing once the wallet is gone', async () => {
    const { client, server, errorToasts } = await connected()
    await client.history.refresh()
    await client.connection.disconnect()
    await client.history.refresh({ force: true })
    await client.history.refresh()
    await client.history.fetchNextPage()
    expect(server.requests).toHaveLength(1)
    expect(errorToasts).toEqual([])
    expect(client.history.$history.get()).toEqual({
      status: 'idle',
      data: [],
      error: undefined,
      isPending: false,
    })
  })

  it('loads the next page once, appending it', async () => {
    const { client, server } = await connected()
    await client.history.refresh()
    expect(client.history.$hasMore.get()).toBe(true)
    await Promise.all([client.history.fetchNextPage(), client.history.fetchNextPage()])
    expect(server.requests.map((url) => url.searchParams.get('cursor'))).toEqual([null, '2'])
    expect(ids(client)).toEqual(['3', '2', '1'])
    expect(client.history.$hasMore.get()).toBe(false)
    await client.history.fetchNextPage()
    expect(server.requests).toHaveLength(2)
  })

  it("lists only the connected network's transactions when the API answers with others too", async () => {
    const { client, server } = await connected()
    const elsewhere = transaction('4', 4)
    elsewhere.metadata.chain = 'eip155:1'
    server.state.transactions = [elsewhere, transaction('3', 3)]
    await client.history.refresh()
    expect(ids(client)).toEqual(['3'])
  })
})

describe('the history as a view shows it', () => {
  it('is pending, and says so, while the first page is read; then lists it', async () => {
    const { client, server } = await connected()
    server.state.mode = 'hang'
    const refreshing = client.history.refresh()
    await vi.advanceTimersByTimeAsync(0)
    expect(client.history.$history.get()).toEqual({
      status: 'pending',
      data: [],
      error: undefined,
      isPending: true,
    })
    await server.release()
    await refreshing
    expect(client.history.$history.get()).toMatchObject({ status: 'success', isPending: false })
    expect(ids(client)).toEqual(['3', '2'])
  })

  it('is empty and idle, with no more pages, once the wallet disconnects', async () => {
    const { client } = await connected()
    await client.history.refresh()
    expect(client.history.$isSupported.get()).toBe(true)
    await client.connection.disconnect()
    expect(client.history.$history.get()).toEqual({
      status: 'idle',
      data: [],
      error: undefined,
      isPending: false,
    })
    expect(client.history.$hasMore.get()).toBe(false)
  })

  it('is read as soon as a view shows it for the connected account', async () => {
    const { client, server } = await connected()
    cleanups.push(client.history.$history.listen(() => {}))
    await vi.waitFor(() => expect(client.history.$history.get().status).toBe('success'))
    expect(server.requests).toHaveLength(1)
    expect(ids(client)).toEqual(['3', '2'])
  })
})

describe('where activity exists', () => {
  it('is on EVM networks only: an app on Solana has no history to show', () => {
    const adapter = async (): Promise<never> => {
      throw new Error('no adapter in this test')
    }
    const onSolana = createPortico({
      projectId: 'test',
      networks: [solana],
      storage: createMemoryStorage(),
      logLevel: 'silent',
      adapters: { solana: adapter },
    })
    cleanups.push(() => onSolana.destroy())
    expect(onSolana.history.$isSupported.get()).toBe(false)
  })
})

describe('a session restored on page load', () => {
  it('asks for the history only once the wallet confirms the restored account', async () => {
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
    expect(client.connection.$status.get()).toBe('reconnecting')
    cleanups.push(client.history.$history.subscribe(() => {}))
    await vi.advanceTimersByTimeAsync(0)
    expect(server.requests).toHaveLength(0)

    await client.connection.reconnect()
    expect(client.connection.$status.get()).toBe('connected')
    await vi.waitFor(() => expect(server.requests).toHaveLength(1))
  })
})
