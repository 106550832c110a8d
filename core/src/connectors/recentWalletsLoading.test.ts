import { describe, expect, it, vi } from 'vitest'
import { createLogger } from '../logger/index.js'
import { createMemoryStorage, createSafeStorage } from '../storage/index.js'
import type { RecentWallet } from './types.js'

// When the recent wallets' checks (links, image URLs, texts: a chunk of their own) arrive, and
// what the list says meanwhile. Each test starts on a new page (fresh modules).
const fetchOfChecks = await vi.hoisted(async () =>
  (await import('../test-utils/moduleFetch.js')).createModuleFetch(),
)
vi.mock('./storedRecentWallets.js', async (original) => {
  await fetchOfChecks.arrive()
  return original()
})

const PREFIX = '@portico/'
const STORED: RecentWallet[] = [
  { id: 'b', name: 'B', mobileLink: 'wallet-b://' },
  { id: 'c', name: 'C' },
]

async function newPage(stored: unknown = STORED) {
  vi.resetModules()
  const { createRecentWallets } = await import('./recentWallets.js')
  const adapter = createMemoryStorage({ [`${PREFIX}recent_wallets`]: JSON.stringify(stored) })
  const warnings: unknown[][] = []
  const logger = createLogger({ level: 'warn', sink: { warn: (...args) => warnings.push(args) } })
  const wallets = createRecentWallets(createSafeStorage(adapter, logger, PREFIX), logger)
  const storedNow = () => JSON.parse(adapter.getItem(`${PREFIX}recent_wallets`) ?? 'null')
  return { wallets, warnings, storedNow }
}

describe('the recent wallets are read when first shown, not with the page', () => {
  it('cannot fetch the checks: the list stays empty, nothing is stored, the developer is told; the next use fetches again', async () => {
    fetchOfChecks.fail = true
    const { wallets, warnings, storedNow } = await newPage()
    const stop = wallets.$recentWallets.listen(() => undefined)
    await vi.waitFor(() => expect(warnings).toHaveLength(1))
    expect(warnings[0]?.[0]).toBe('[portico] could not read the recent wallets')
    expect(wallets.$recentWallets.get()).toEqual([])
    // A wallet added meanwhile: the developer is told, nothing is stored.
    wallets.add({ id: 'd', name: 'D' })
    await vi.waitFor(() => expect(warnings).toHaveLength(2))
    expect(warnings[1]?.[0]).toBe('[portico] could not store the recent wallet')
    expect(storedNow()).toEqual(STORED)
    fetchOfChecks.fail = false
    wallets.prefetch()
    await vi.waitFor(() => expect(wallets.$recentWallets.get()).toEqual(STORED))
    stop()
  })

  it('shown before the checks arrive: empty, then the stored wallets, checked', async () => {
    const { wallets } = await newPage([
      ...STORED.slice(0, 1),
      { id: 'x', name: 'X', desktopLink: 'javascript:alert(1)' },
    ])
    const seen: (readonly RecentWallet[])[] = []
    const stop = wallets.$recentWallets.subscribe((list) => seen.push(list))
    expect(wallets.$recentWallets.get()).toEqual([])
    await vi.waitFor(() => expect(seen).toHaveLength(2))
    expect(seen).toEqual([[], [STORED[0], { id: 'x', name: 'X' }]])
    stop()
  })

  it('a wallet added before the checks arrive goes first once they are here, the stored ones after', async () => {
    const { wallets, storedNow } = await newPage()
    wallets.add({ id: 'c', name: 'C again' })
    expect(storedNow()).toEqual(STORED)
    await vi.waitFor(() =>
      expect(wallets.$recentWallets.get()).toEqual([{ id: 'c', name: 'C again' }, STORED[0]]),
    )
    expect(storedNow()).toEqual([{ id: 'c', name: 'C again' }, STORED[0]])
  })

  it('cleared before the checks arrive: a late read does not bring the wallets back', async () => {
    const { wallets, storedNow } = await newPage()
    wallets.prefetch()
    wallets.clear()
    expect(storedNow()).toBeNull()
    // The read the prefetch started lands on a list that is already current.
    await vi.dynamicImportSettled()
    await new Promise((resolve) => setImmediate(resolve))
    expect(wallets.$recentWallets.get()).toEqual([])
  })

  it('added then cleared before the checks arrive: the list stays empty, nothing is stored', async () => {
    const { wallets, storedNow } = await newPage()
    wallets.add({ id: 'd', name: 'D' })
    wallets.clear()
    await vi.dynamicImportSettled()
    await new Promise((resolve) => setImmediate(resolve))
    expect(wallets.$recentWallets.get()).toEqual([])
    expect(storedNow()).toBeNull()
    // Added after the clear: stored.
    wallets.add({ id: 'e', name: 'E' })
    expect(wallets.$recentWallets.get()).toEqual([{ id: 'e', name: 'E' }])
    expect(storedNow()).toEqual([{ id: 'e', name: 'E' }])
  })

  it('once the checks are here, a list shows its stored wallets at once', async () => {
    const { wallets } = await newPage()
    wallets.prefetch()
    await vi.waitFor(() => expect(wallets.$recentWallets.get()).toEqual(STORED))
    // Another client of the same page: its list reads at once.
    const { createRecentWallets } = await import('./recentWallets.js')
    const adapter = createMemoryStorage({ [`${PREFIX}recent_wallets`]: JSON.stringify(STORED) })
    const silent = createLogger({ level: 'silent' })
    const other = createRecentWallets(createSafeStorage(adapter, silent, PREFIX), silent)
    expect(other.$recentWallets.get()).toEqual(STORED)
  })
})

describe('the Connect prefetch', () => {
  it('reads the stored recent wallets ahead of the list; another view’s prefetch does not', async () => {
    vi.resetModules()
    const { createPortico } = await import('../client/index.js')
    const { testNetworks } = await import('../test-utils/networks.js')
    const adapter = createMemoryStorage({ [`${PREFIX}recent_wallets`]: JSON.stringify(STORED) })
    const reads: string[] = []
    const getItem = adapter.getItem.bind(adapter)
    adapter.getItem = (key) => {
      reads.push(key)
      return getItem(key)
    }
    const client = createPortico({
      projectId: '',
      networks: testNetworks,
      storage: adapter,
      logLevel: 'silent',
    })
    const recentReads = () => reads.filter((key) => key === `${PREFIX}recent_wallets`)
    client.modal.prefetch('Account')
    await vi.dynamicImportSettled()
    expect(recentReads()).toEqual([])
    client.modal.prefetch('Connect')
    await vi.waitFor(() => expect(recentReads()).toHaveLength(1))
    client.destroy()
  })
})
