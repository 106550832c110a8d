import { afterEach, describe, expect, it, vi } from 'vitest'

// The wait of a search is over and the listing's code is still on its way (a page's first search
// before anything else fetched it): what happens meanwhile still counts. The test holds that
// fetch until it lets it go.
const fetchOfCode = await vi.hoisted(async () =>
  (await import('../test-utils/moduleFetch.js')).createModuleFetch(),
)
vi.mock('./lazy.js', async (original) => {
  await fetchOfCode.arrive()
  return original()
})

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
  vi.useRealTimers()
})

/** A new page: fresh modules, so the listing's code has not been fetched yet. */
async function setup() {
  vi.resetModules()
  const { createPortico } = await import('../client/index.js')
  const { testNetworks } = await import('../test-utils/networks.js')
  const listings: string[] = []
  const client = createPortico({
    projectId: 'p',
    networks: testNetworks,
    storage: 'memory',
    logLevel: 'silent',
    fetch: async (input) => {
      const url = new URL(String(input))
      if (url.pathname === '/getWallets') listings.push(url.search)
      return Response.json({ count: 1, data: [{ id: 'w1', name: 'Wallet One' }] })
    },
  })
  cleanups.push(() => client.destroy())
  return { client, wallets: client.wallets, listings }
}

/** Lets the listing's code and every answer already on its way arrive, under fake timers. */
const settle = async () => {
  for (let i = 0; i < 5; i++) {
    await vi.dynamicImportSettled()
    await vi.advanceTimersByTimeAsync(0)
  }
}

describe('a search while the listing code is on its way', () => {
  it('a query cleared meanwhile asks nothing', async () => {
    const open = fetchOfCode.hold()
    const { wallets, listings } = await setup()
    vi.useFakeTimers()
    wallets.search('wallet')
    vi.advanceTimersByTime(300)
    wallets.search('')
    open()
    await settle()
    expect(listings).toHaveLength(0)
    expect(wallets.$search.get()).toEqual({ query: '', results: [], count: 0, status: 'idle' })
  })

  it('a client destroyed meanwhile asks nothing', async () => {
    const open = fetchOfCode.hold()
    const { client, wallets, listings } = await setup()
    vi.useFakeTimers()
    wallets.search('wallet')
    vi.advanceTimersByTime(300)
    client.destroy()
    open()
    await settle()
    expect(listings).toHaveLength(0)
  })
})
