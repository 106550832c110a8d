import { describe, expect, it, vi } from 'vitest'
import type { PorticoClient } from '../client/index.js'
import { createMemoryStorage } from '../storage/index.js'
import type { RecentWallet } from './types.js'

// When the recent wallets are read: with the connectors' code (discovery, the registry, the
// recent wallets' checks), fetched when a list is first shown or the Connect view is prefetched,
// not with the page. Each test starts on a new page (fresh modules).
const fetchOfCode = await vi.hoisted(async () =>
  (await import('../test-utils/moduleFetch.js')).createModuleFetch(),
)
vi.mock('./lazy.js', async (original) => {
  await fetchOfCode.arrive()
  return original()
})

const PREFIX = '@portico/'
const STORED: RecentWallet[] = [
  { id: 'b', name: 'B', mobileLink: 'wallet-b://' },
  { id: 'c', name: 'C' },
]

async function newPage(stored: unknown = STORED) {
  vi.resetModules()
  const { createPortico } = await import('../client/index.js')
  const { testNetworks } = await import('../test-utils/networks.js')
  const adapter = createMemoryStorage({ [`${PREFIX}recent_wallets`]: JSON.stringify(stored) })
  const warnings: unknown[][] = []
  const warn = vi.spyOn(console, 'warn').mockImplementation((...args) => warnings.push(args))
  const reads: string[] = []
  const getItem = adapter.getItem.bind(adapter)
  adapter.getItem = (key) => {
    reads.push(key)
    return getItem(key)
  }
  const client: PorticoClient = createPortico({
    projectId: '',
    networks: testNetworks,
    storage: adapter,
    logLevel: 'warn',
  })
  const recentReads = () => reads.filter((key) => key === `${PREFIX}recent_wallets`)
  return { client, warnings, recentReads, restore: () => warn.mockRestore() }
}

describe('the recent wallets are read when first shown, not with the page', () => {
  it('cannot fetch the code: the list stays empty, the developer is told; the next use fetches again', async () => {
    fetchOfCode.fail = true
    const { client, warnings, restore } = await newPage()
    expect(client.connectors.$recentWallets.get()).toEqual([])
    const stop = client.connectors.$recentWallets.listen(() => undefined)
    await vi.waitFor(() => expect(warnings).toHaveLength(1))
    expect(warnings[0]?.[0]).toBe('[portico] could not load the wallet list')
    expect(client.connectors.$recentWallets.get()).toEqual([])
    fetchOfCode.fail = false
    client.connectors.startDiscovery()
    await vi.waitFor(() => expect(client.connectors.$recentWallets.get()).toEqual(STORED))
    stop()
    restore()
    client.destroy()
  })

  it('shown before the code arrives: empty, then the stored wallets, checked', async () => {
    const { client, restore } = await newPage([
      ...STORED.slice(0, 1),
      { id: 'x', name: 'X', desktopLink: 'javascript:alert(1)' },
    ])
    const seen: (readonly RecentWallet[])[] = []
    const stop = client.connectors.$recentWallets.subscribe((list) => seen.push(list))
    expect(seen).toEqual([[]])
    await vi.waitFor(() => expect(seen).toHaveLength(2))
    expect(seen).toEqual([[], [STORED[0], { id: 'x', name: 'X' }]])
    stop()
    restore()
    client.destroy()
  })

  it('once the code is here, another client shows its stored wallets at once', async () => {
    const first = await newPage()
    first.client.connectors.startDiscovery()
    await vi.waitFor(() => expect(first.client.connectors.$recentWallets.get()).toEqual(STORED))
    const { createPortico } = await import('../client/index.js')
    const { testNetworks } = await import('../test-utils/networks.js')
    const other = createPortico({
      projectId: '',
      networks: testNetworks,
      storage: createMemoryStorage({ [`${PREFIX}recent_wallets`]: JSON.stringify(STORED) }),
      logLevel: 'silent',
    })
    const stop = other.connectors.$recentWallets.listen(() => undefined)
    expect(other.connectors.$recentWallets.get()).toEqual(STORED)
    stop()
    first.restore()
    first.client.destroy()
    other.destroy()
  })
})

describe('the Connect prefetch', () => {
  it('reads the stored recent wallets ahead of the list; another view’s prefetch does not', async () => {
    const { client, recentReads, restore } = await newPage()
    client.modal.prefetch('Account')
    await vi.dynamicImportSettled()
    expect(recentReads()).toEqual([])
    client.modal.prefetch('Connect')
    await vi.waitFor(() => expect(recentReads()).toHaveLength(1))
    restore()
    client.destroy()
  })
})
