import fc from 'fast-check'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createPortico } from '../client/index.js'
import { createFakeWallet } from '../test-utils/fakeWallet.js'
import { testNetworks } from '../test-utils/networks.js'
import { walletPage } from './listing.js'

// The toolkit backend's listing, at the edge of the world: `GET /getWallets` answers from a list
// of wallets, by page and entries, filtered by search, include and exclude, as the hosted service
// does; it can be told to fail (503), answer a body that is not JSON, or answer a wrong shape, to
// never answer (until the request is aborted), or to hold its answers until `release()` whatever
// the client does (an answer already on its way when the client gave up on it).

type Item = { id: string; name: string; rdns?: string; image_id?: string; badge_type?: string }

const wallet = (n: number, extra: Partial<Item> = {}): Item => ({
  id: `w${n}`,
  name: `Wallet ${n}`,
  ...extra,
})

type Mode = 'ok' | '503' | 'not-json' | 'wrong-shape' | 'hang' | 'held'

function listingServer(wallets: Item[]) {
  const asked: URL[] = []
  /** The signal of each request, in the order asked. */
  const signals: (AbortSignal | undefined)[] = []
  const held: (() => void)[] = []
  const state = {
    mode: 'ok' as Mode,
    image: new Blob(['<svg/>'], { type: 'image/svg+xml' }),
    /** Requests this says fail answer 503, whatever the mode. */
    fails: (_url: URL) => false,
    /** The count the listing says it has, when not the true one. */
    count: undefined as number | undefined,
  }
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input))
    asked.push(url)
    signals.push(init?.signal ?? undefined)
    if (state.mode === 'hang') {
      return new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))
      })
    }
    if (state.mode === 'held') await new Promise<void>((resolve) => held.push(resolve))
    if (state.mode === '503' || state.fails(url)) {
      return Response.json({ error: 'maintenance' }, { status: 503 })
    }
    if (state.mode === 'not-json') return new Response('<html>oops</html>', { status: 200 })
    if (state.mode === 'wrong-shape') return Response.json({ count: 'many', data: 'none' })
    if (url.pathname.startsWith('/getWalletImage/')) return new Response(state.image)
    const q = url.searchParams
    const page = Number(q.get('page'))
    const entries = Number(q.get('entries'))
    const include = q.get('include')?.split(',')
    const exclude = q.get('exclude')?.split(',') ?? []
    const search = q.get('search')?.toLowerCase()
    const matching = wallets.filter(
      (w) =>
        (!include || include.includes(w.id)) &&
        !exclude.includes(w.id) &&
        (!search || w.name.toLowerCase().includes(search)),
    )
    return Response.json({
      count: state.count ?? matching.length,
      data: matching.slice((page - 1) * entries, page * entries),
    })
  }
  const listings = () => asked.filter((url) => url.pathname === '/getWallets')
  /** Lets every held request answer, oldest first. */
  const release = () => {
    for (const answer of held.splice(0)) answer()
  }
  return { fetch, asked, signals, listings, release, state }
}

function setup(wallets: Item[], options: Record<string, unknown> = {}) {
  const server = listingServer(wallets)
  const client = createPortico({
    projectId: 'p',
    networks: testNetworks,
    storage: 'memory',
    logLevel: 'silent',
    fetch: server.fetch,
    ...options,
  })
  cleanups.push(() => client.destroy())
  return { client, server, wallets: client.wallets }
}

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

const ids = (list: readonly { id: string }[]) => list.map((w) => w.id)
const many = (n: number) => Array.from({ length: n }, (_, i) => wallet(i + 1))

/** What the SDK prints on one console method (an app sees its logs there), kept off the output. */
function consoleOf(method: 'error' | 'warn') {
  const spy = vi.spyOn(console, method).mockImplementation(() => undefined)
  cleanups.push(() => spy.mockRestore())
  return spy
}

/** Lets the listing's code and every answer already on its way arrive, under fake timers. */
const settle = async () => {
  for (let i = 0; i < 5; i++) {
    await vi.dynamicImportSettled()
    await vi.advanceTimersByTimeAsync(0)
  }
}

describe('before anything is asked', () => {
  it('every list is empty and idle', () => {
    const { server, wallets } = setup(many(3))
    expect(wallets.$status.get()).toBe('idle')
    expect(wallets.$listStatus.get()).toBe('idle')
    expect(wallets.$search.get()).toEqual({ query: '', results: [], count: 0, status: 'idle' })
    expect(wallets.$wallets.get()).toEqual([])
    expect([wallets.$page.get(), wallets.$count.get()]).toEqual([0, 0])
    // Nothing is loaded yet, so there is more to load.
    expect(wallets.$hasMore.get()).toBe(true)
    expect(server.asked).toEqual([])
  })
})

describe('recommended and featured wallets', () => {
  it('asks for page 1 of 4 entries for the app networks, with the project and SDK parameters', async () => {
    const { server, wallets } = setup(many(10))
    await wallets.prefetch()
    const [url] = server.listings()
    expect(url?.searchParams.get('page')).toBe('1')
    expect(url?.searchParams.get('entries')).toBe('4')
    expect(url?.searchParams.get('chains')).toBe('eip155:31337,eip155:31338')
    expect(url?.searchParams.get('projectId')).toBe('p')
    expect(url?.searchParams.get('st')).toBeTruthy()
    expect(url?.searchParams.get('sv')).toBeTruthy()
    expect(url?.searchParams.has('include')).toBe(false)
    expect(url?.searchParams.has('exclude')).toBe(false)
    expect(ids(wallets.$recommended.get())).toEqual(['w1', 'w2', 'w3', 'w4'])
    expect(wallets.$listStatus.get()).toBe('success')
    // Once per client: a second prefetch asks nothing.
    await wallets.prefetch()
    expect(server.listings()).toHaveLength(1)
  })

  it('lists featured wallets in the app order, not again among the recommended', async () => {
    const { server, wallets } = setup(many(10), {
      featuredWalletIds: ['w3', 'w9', 'missing', 'w1'],
      includeWalletIds: ['w1', 'w2', 'w3', 'w5', 'w9'],
      excludeWalletIds: ['w2'],
    })
    await wallets.prefetch()
    expect(ids(wallets.$featured.get())).toEqual(['w3', 'w9', 'w1'])
    expect(ids(wallets.$recommended.get())).toEqual(['w5'])
    const featuredAsk = server
      .listings()
      .find((u) => u.searchParams.get('include') === 'w3,w9,missing,w1')
    expect(featuredAsk?.searchParams.get('entries')).toBe('4')
    expect(featuredAsk?.searchParams.get('exclude')).toBe('w2')
    const recommendedAsk = server
      .listings()
      .find((u) => u.searchParams.get('include') === 'w1,w2,w3,w5,w9')
    expect(recommendedAsk?.searchParams.get('exclude')).toBe('w2')
  })

  it('a 503 says error and keeps nothing half-loaded; the next prefetch asks again', async () => {
    const { server, wallets } = setup(many(10), { featuredWalletIds: ['w7'] })
    server.state.mode = '503'
    // A list on screen asks for it.
    cleanups.push(wallets.$recommended.listen(() => undefined))
    cleanups.push(wallets.$featured.listen(() => undefined))
    await vi.waitFor(() => expect(wallets.$listStatus.get()).toBe('error'))
    expect(wallets.$recommended.get()).toEqual([])
    expect(wallets.$featured.get()).toEqual([])
    server.state.mode = 'ok'
    await wallets.prefetch()
    expect(wallets.$listStatus.get()).toBe('success')
    expect(ids(wallets.$recommended.get())).toEqual(['w1', 'w2', 'w3', 'w4'])
    expect(ids(wallets.$featured.get())).toEqual(['w7'])
    expect(server.listings()).toHaveLength(4)
  })

  it('a wallet the listing badges certified says so; any other badge is none', async () => {
    const { wallets } = setup([
      wallet(1, { badge_type: 'certified' }),
      wallet(2, { badge_type: 'none' }),
      wallet(3, { badge_type: 'Certified' }),
      wallet(4),
    ])
    await wallets.prefetch()
    expect(wallets.$recommended.get().map((w) => w.badgeType)).toEqual([
      'certified',
      'none',
      'none',
      'none',
    ])
  })

  it('says pending while the listing is asked', async () => {
    const { server, wallets } = setup(many(3))
    server.state.mode = 'held'
    const prefetching = wallets.prefetch()
    await vi.waitFor(() => expect(server.listings()).toHaveLength(1))
    expect(wallets.$listStatus.get()).toBe('pending')
    server.release()
    await prefetching
    expect(wallets.$listStatus.get()).toBe('success')
  })

  it('featured wallets that cannot be loaded leave the recommended ones loaded', async () => {
    const { server, wallets } = setup(many(10), { featuredWalletIds: ['w7'] })
    server.state.fails = (url) => url.searchParams.get('include') === 'w7'
    await wallets.prefetch()
    expect(wallets.$listStatus.get()).toBe('success')
    expect(ids(wallets.$recommended.get())).toEqual(['w1', 'w2', 'w3', 'w4'])
    expect(wallets.$featured.get()).toEqual([])
  })

  it('a failure is logged as such', async () => {
    const { server, wallets } = setup(many(3), { logLevel: 'error' })
    const errors = consoleOf('error')
    server.state.mode = '503'
    await wallets.prefetch()
    expect(errors).toHaveBeenCalledWith(
      '[portico] could not load recommended wallets',
      expect.objectContaining({ code: 'API_ERROR' }),
    )
  })

  it('a client that listed wallets and never searched is destroyed without a word', async () => {
    const { client, wallets } = setup(many(3), { logLevel: 'error' })
    const errors = consoleOf('error')
    await wallets.prefetch()
    client.destroy()
    expect(errors).not.toHaveBeenCalled()
  })

  it('a wallet this browser has installed is not recommended again', async () => {
    // The page's window, where the user's extension announces itself (EIP-6963).
    const page = Object.assign(new EventTarget(), {
      location: { origin: 'https://app.example' },
    }) as unknown as Window
    vi.stubGlobal('window', page)
    const { client, wallets } = setup([
      wallet(1, { rdns: 'io.metamask' }),
      wallet(2, { rdns: 'com.other' }),
      wallet(3),
    ])
    client.connectors.startDiscovery()
    await wallets.prefetch()
    expect(ids(wallets.$recommended.get())).toEqual(['w1', 'w2', 'w3'])
    const metamask = { id: 'w1', name: 'Wallet 1', rdns: 'io.metamask', chains: [] }
    expect(wallets.installedConnector(metamask)).toBeUndefined()
    expect(wallets.installedConnector({ ...metamask, rdns: undefined })).toBeUndefined()
    const extension = createFakeWallet()
    cleanups.push(extension.announce(page, { name: 'MetaMask', rdns: 'io.metamask' }))
    expect(ids(wallets.$recommended.get())).toEqual(['w2', 'w3'])
    expect(wallets.installedConnector(metamask)?.provider).toBe(extension.provider)
    await wallets.fetchNextPage()
    expect(ids(wallets.$wallets.get())).toEqual(['w2', 'w3'])
  })

  it('the modal opening loads them, after the first frame', async () => {
    vi.useFakeTimers()
    const { client, server } = setup(many(3))
    client.modal.open()
    expect(server.listings()).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(0)
    await vi.waitFor(() => expect(client.wallets.$listStatus.get()).toBe('success'))
    expect(server.listings()).toHaveLength(1)
  })
})

describe('every wallet, 40 at a time', () => {
  it('loads page after page, in order, each wallet once, until the count is reached', async () => {
    const { server, wallets } = setup(many(85))
    expect(wallets.$hasMore.get()).toBe(true)
    const first = wallets.fetchNextPage()
    // The status says pending at once, before the listing code has arrived.
    expect(wallets.$status.get()).toBe('pending')
    await first
    expect(wallets.$status.get()).toBe('success')
    expect(wallets.$wallets.get()).toHaveLength(40)
    expect(wallets.$count.get()).toBe(85)
    expect(wallets.$page.get()).toBe(1)
    expect(wallets.$hasMore.get()).toBe(true)
    expect(server.listings()[0]?.searchParams.get('entries')).toBe('40')
    // Two calls at once share one request.
    const second = Promise.all([wallets.fetchNextPage(), wallets.fetchNextPage()])
    expect(wallets.$status.get()).toBe('pending')
    await second
    expect(server.listings().map((u) => u.searchParams.get('page'))).toEqual(['1', '2'])
    expect(wallets.$hasMore.get()).toBe(true)
    await wallets.fetchNextPage()
    expect(ids(wallets.$wallets.get())).toEqual(ids(many(85)))
    expect(wallets.$hasMore.get()).toBe(false)
    // Everything is here: no further request, and nothing is said to be loading.
    await wallets.fetchNextPage()
    expect(server.listings()).toHaveLength(3)
    expect(wallets.$status.get()).toBe('success')
    expect(wallets.find('w85')?.name).toBe('Wallet 85')
    expect(wallets.find('w86')).toBeUndefined()
  })

  it('a wallet repeated on the next page is listed once', async () => {
    const list = many(45)
    const { wallets } = setup(list)
    await wallets.fetchNextPage()
    // The listing changed between two pages: a new wallet came first, w40 moved to page 2.
    list.unshift(wallet(0))
    await wallets.fetchNextPage()
    expect(wallets.$count.get()).toBe(46)
    const listed = ids(wallets.$wallets.get())
    expect(listed.filter((id) => id === 'w40')).toHaveLength(1)
    expect(new Set(listed).size).toBe(listed.length)
    expect(listed).toHaveLength(45)
  })

  for (const mode of ['503', 'not-json', 'wrong-shape'] as const) {
    it(`a ${mode} answer says error and keeps the pages already loaded`, async () => {
      const { server, wallets } = setup(many(85))
      await wallets.fetchNextPage()
      server.state.mode = mode
      await wallets.fetchNextPage()
      expect(wallets.$status.get()).toBe('error')
      expect(wallets.$wallets.get()).toHaveLength(40)
      expect(wallets.$page.get()).toBe(1)
      expect(wallets.$count.get()).toBe(85)
      // Trying again asks for the same page.
      server.state.mode = 'ok'
      await wallets.fetchNextPage()
      expect(server.listings().map((u) => u.searchParams.get('page'))).toEqual(['1', '2', '2'])
      expect(wallets.$wallets.get()).toHaveLength(80)
    })
  }

  it('a listing that says it has no wallets in all is believed', async () => {
    const { server, wallets } = setup(many(3))
    server.state.count = 0
    await wallets.fetchNextPage()
    expect(wallets.$count.get()).toBe(0)
    expect(wallets.$hasMore.get()).toBe(false)
  })

  it('a failure is logged as such', async () => {
    const { server, wallets } = setup(many(3), { logLevel: 'error' })
    const errors = consoleOf('error')
    server.state.mode = '503'
    await wallets.fetchNextPage()
    expect(errors).toHaveBeenCalledWith(
      '[portico] could not load the wallet list',
      expect.objectContaining({ code: 'API_ERROR' }),
    )
  })

  it('a page without a count counts what it has', () => {
    // The listing's answer is checked before it is used: property over any body.
    fc.assert(
      fc.property(fc.anything(), fc.integer({ min: 1, max: 100 }), (body, entries) => {
        const page = walletPage(entries)(body)
        if (page) {
          expect(Number.isSafeInteger(page.count)).toBe(true)
          expect(page.count).toBeGreaterThanOrEqual(0)
          expect(page.data.length).toBeLessThanOrEqual(entries)
        }
      }),
      { numRuns: 1_000 },
    )
    expect(walletPage(40)({ data: [{ id: 'a', name: 'A' }] })?.count).toBe(1)
    expect(walletPage(40)({ count: -1, data: [] })?.count).toBe(0)
    expect(walletPage(40)({ count: 2.5, data: [] })?.count).toBe(0)
    expect(walletPage(1)({ count: 9, data: [wallet(1), wallet(2)] })?.data).toHaveLength(1)
  })
})

describe('search', () => {
  type Built = ReturnType<typeof setup>
  /** Types a query and waits until its request is on its way (300 ms after the keystroke). */
  async function asked(
    { server, wallets }: Pick<Built, 'server' | 'wallets'>,
    query: string,
    count: number,
  ) {
    wallets.search(query)
    await vi.advanceTimersByTimeAsync(300)
    await vi.waitFor(() => expect(server.listings()).toHaveLength(count))
  }
  /** Types a query and waits until its answer is in (or its failure). */
  async function answered(wallets: Built['wallets'], query: string, status: 'success' | 'error') {
    wallets.search(query)
    await vi.advanceTimersByTimeAsync(300)
    await vi.waitFor(() => expect(wallets.$search.get().status).toBe(status))
  }

  it('asks 300 ms after the last keystroke, for 100 entries, with the trimmed query', async () => {
    vi.useFakeTimers()
    const { server, wallets } = setup([...many(3), wallet(4, { name: 'Rainbow' })])
    wallets.search('r')
    await vi.advanceTimersByTimeAsync(200)
    wallets.search('  rain ')
    expect(wallets.$search.get()).toMatchObject({ query: 'rain', status: 'pending' })
    await vi.advanceTimersByTimeAsync(299)
    expect(server.listings()).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1)
    await vi.waitFor(() => expect(wallets.$search.get().status).toBe('success'))
    expect(server.listings()).toHaveLength(1)
    const url = server.listings()[0]
    expect(url?.searchParams.get('search')).toBe('rain')
    expect(url?.searchParams.get('entries')).toBe('100')
    expect(url?.searchParams.get('page')).toBe('1')
    expect(wallets.$search.get()).toMatchObject({ query: 'rain', count: 1 })
    expect(ids(wallets.$search.get().results)).toEqual(['w4'])
    expect(wallets.find('w4')?.name).toBe('Rainbow')
  })

  it('an empty query clears the results and asks nothing', async () => {
    vi.useFakeTimers()
    const { server, wallets } = setup(many(3))
    wallets.search('wallet')
    wallets.search('   ')
    expect(wallets.$search.get()).toEqual({ query: '', results: [], count: 0, status: 'idle' })
    await vi.advanceTimersByTimeAsync(1_000)
    expect(server.listings()).toHaveLength(0)
  })

  it('a new query drops the answer of the one before', async () => {
    vi.useFakeTimers()
    const { server, wallets } = setup([wallet(1, { name: 'Alpha' }), wallet(2, { name: 'Beta' })])
    server.state.mode = 'hang'
    await asked({ server, wallets }, 'alpha', 1)
    server.state.mode = 'ok'
    await answered(wallets, 'beta', 'success')
    expect(wallets.$search.get().query).toBe('beta')
    expect(ids(wallets.$search.get().results)).toEqual(['w2'])
  })

  it('while asked, says pending for the query, with no results yet', async () => {
    vi.useFakeTimers()
    const { server, wallets } = setup(many(3))
    server.state.mode = 'hang'
    await asked({ server, wallets }, 'wallet', 1)
    expect(wallets.$search.get()).toEqual({
      query: 'wallet',
      results: [],
      count: 0,
      status: 'pending',
    })
  })

  it('an older search answering after a newer one is ignored, and was cancelled', async () => {
    vi.useFakeTimers()
    const { server, wallets } = setup([wallet(1, { name: 'Alpha' }), wallet(2, { name: 'Beta' })])
    server.state.mode = 'held'
    await asked({ server, wallets }, 'alpha', 1)
    server.state.mode = 'ok'
    await answered(wallets, 'beta', 'success')
    // The request of the older query was given up on.
    expect(server.signals[0]?.aborted).toBe(true)
    // Its answer comes anyway.
    server.release()
    await settle()
    expect(wallets.$search.get()).toMatchObject({ query: 'beta', count: 1, status: 'success' })
    expect(ids(wallets.$search.get().results)).toEqual(['w2'])
  })

  it('a search given up on for a newer one is no failure: nothing written, nothing logged', async () => {
    vi.useFakeTimers()
    const { server, wallets } = setup(many(3), { logLevel: 'error' })
    const errors = consoleOf('error')
    server.state.mode = 'hang'
    await asked({ server, wallets }, 'wallet 1', 1)
    await asked({ server, wallets }, 'wallet 2', 2)
    await settle()
    expect(server.signals[0]?.aborted).toBe(true)
    expect(wallets.$search.get()).toEqual({
      query: 'wallet 2',
      results: [],
      count: 0,
      status: 'pending',
    })
    expect(errors).not.toHaveBeenCalled()
  })

  it('a failed search says error with no results, and a later one works', async () => {
    vi.useFakeTimers()
    const { server, wallets } = setup(many(3), { logLevel: 'error' })
    const errors = consoleOf('error')
    server.state.mode = '503'
    await answered(wallets, 'wallet', 'error')
    expect(wallets.$search.get()).toEqual({
      query: 'wallet',
      results: [],
      count: 0,
      status: 'error',
    })
    expect(errors).toHaveBeenCalledWith(
      '[portico] wallet search failed',
      expect.objectContaining({ code: 'API_ERROR' }),
    )
    server.state.mode = 'ok'
    await answered(wallets, 'wallet 2', 'success')
    expect(ids(wallets.$search.get().results)).toEqual(['w2'])
  })

  it('destroying the client stops a waiting search', async () => {
    vi.useFakeTimers()
    const { client, server, wallets } = setup(many(3))
    wallets.search('wallet')
    client.destroy()
    await vi.advanceTimersByTimeAsync(1_000)
    expect(server.listings()).toHaveLength(0)
  })

  it('destroying the client cancels a search in flight and drops its answer', async () => {
    vi.useFakeTimers()
    const { client, server, wallets } = setup(many(3))
    server.state.mode = 'held'
    await asked({ server, wallets }, 'wallet', 1)
    client.destroy()
    expect(server.signals[0]?.aborted).toBe(true)
    server.release()
    await settle()
    expect(wallets.$search.get()).toMatchObject({ results: [], status: 'pending' })
  })
})

describe('wallet images', () => {
  it('loads an image once as an object URL, under an encoded id, and releases it', async () => {
    const { server, wallets } = setup([])
    const [a, b] = await Promise.all([wallets.loadImage('img/1'), wallets.loadImage('img/1')])
    expect(a).toMatch(/^blob:/)
    expect(b).toBe(a)
    const images = server.asked.filter((u) => u.pathname.startsWith('/getWalletImage/'))
    expect(images.map((u) => u.pathname)).toEqual(['/getWalletImage/img%2F1'])
    expect(wallets.$images.get()).toEqual({ 'img/1': a })
    // Cached: no second request.
    expect(await wallets.loadImage('img/1')).toBe(a)
    expect(server.asked).toHaveLength(1)
    const revoke = vi.spyOn(URL, 'revokeObjectURL')
    wallets.releaseImages()
    expect(revoke).toHaveBeenCalledWith(a)
    expect(wallets.$images.get()).toEqual({})
    revoke.mockRestore()
  })

  it('images loaded one after the other are all kept', async () => {
    const { wallets } = setup([])
    const a = await wallets.loadImage('a')
    const b = await wallets.loadImage('b')
    expect(wallets.$images.get()).toEqual({ a, b })
  })

  it('a failed image is logged with its id', async () => {
    const { server, wallets } = setup([], { logLevel: 'warn' })
    const warnings = consoleOf('warn')
    server.state.mode = '503'
    expect(await wallets.loadImage('logo-1')).toBeUndefined()
    expect(warnings).toHaveBeenCalledWith(
      '[portico] could not load wallet image logo-1',
      expect.objectContaining({ code: 'API_ERROR' }),
    )
  })

  it('without a document (no page to paint) images are shown at once, no frame awaited', async () => {
    const frames: FrameRequestCallback[] = []
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      frames.push(callback)
      return frames.length
    })
    const { wallets } = setup([])
    const url = await wallets.loadImage('a')
    expect(url).toMatch(/^blob:/)
    expect(wallets.$images.get()).toEqual({ a: url })
    expect(frames).toEqual([])
  })

  it('a document without animation frames still gets its images', async () => {
    vi.stubGlobal('document', {})
    vi.stubGlobal('requestAnimationFrame', undefined)
    const { wallets } = setup([])
    const url = await wallets.loadImage('a')
    expect(url).toMatch(/^blob:/)
    expect(wallets.$images.get()).toEqual({ a: url })
  })

  it('an answer that is not an image, or a failure, gives no image and no entry', async () => {
    const { server, wallets } = setup([])
    server.state.image = new Blob(['<script>alert(1)</script>'], { type: 'text/html' })
    expect(await wallets.loadImage('a')).toBeUndefined()
    server.state.mode = '503'
    expect(await wallets.loadImage('b')).toBeUndefined()
    expect(wallets.$images.get()).toEqual({})
    // A failed image is asked for again next time.
    server.state.mode = 'ok'
    server.state.image = new Blob(['<svg/>'], { type: 'image/svg+xml' })
    expect(await wallets.loadImage('a')).toMatch(/^blob:/)
  })

  it('images that arrive together are put on screen in one update, on the next frame', async () => {
    vi.useFakeTimers()
    const frames: FrameRequestCallback[] = []
    vi.stubGlobal('document', {})
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      frames.push(callback)
      return frames.length
    })
    const { wallets } = setup([])
    const updates: unknown[] = []
    cleanups.push(wallets.$images.listen((value) => updates.push(value)))
    const loading = Promise.all([wallets.loadImage('a'), wallets.loadImage('b')])
    await vi.waitFor(() => expect(frames).toHaveLength(1))
    await vi.advanceTimersByTimeAsync(0)
    expect(updates).toEqual([])
    for (const frame of frames.splice(0)) frame(0)
    const [a, b] = await loading
    expect(updates).toEqual([{ a, b }])
    // The frame's timer, when it fires later, does nothing more.
    await vi.advanceTimersByTimeAsync(200)
    expect(updates).toHaveLength(1)
  })

  it('a hidden page gets no frames: the images still arrive after 100 ms', async () => {
    vi.useFakeTimers()
    vi.stubGlobal('document', {})
    vi.stubGlobal('requestAnimationFrame', () => 1)
    const { wallets } = setup([])
    let url: string | undefined
    void wallets.loadImage('a').then((value) => {
      url = value
    })
    await vi.waitFor(() => expect(wallets.$images.get()).toEqual({}))
    await vi.advanceTimersByTimeAsync(99)
    expect(url).toBeUndefined()
    await vi.advanceTimersByTimeAsync(1)
    expect(url).toMatch(/^blob:/)
    expect(wallets.$images.get()).toEqual({ a: url })
  })
})
