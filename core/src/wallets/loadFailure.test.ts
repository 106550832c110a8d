import { afterEach, describe, expect, it, vi } from 'vitest'
import { createPortico } from '../client/index.js'
import { testNetworks } from '../test-utils/networks.js'

// The explorer's heavy half (`./lazy.js`: its requests) is fetched on first use. Here that fetch
// fails (offline, or a deploy replaced the chunk) until the test lets it through: every list says
// error, nothing is asked of the listing, and the next use fetches the code again.
const explorerFetch = vi.hoisted(() => ({ fail: true }))
vi.mock('./lazy.js', async (original) => {
  if (explorerFetch.fail) throw new TypeError('Failed to fetch dynamically imported module')
  return original()
})

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
  vi.useRealTimers()
})

function setup(logLevel: 'silent' | 'warn' = 'silent') {
  const asked: string[] = []
  const client = createPortico({
    projectId: 'p',
    networks: testNetworks,
    storage: 'memory',
    logLevel,
    fetch: async (input) => {
      asked.push(new URL(String(input)).pathname)
      return Response.json({ count: 1, data: [{ id: 'w1', name: 'Wallet One' }] })
    },
  })
  cleanups.push(() => client.destroy())
  return { wallets: client.wallets, asked }
}

// In order: once the code has loaded, it stays loaded.
describe('the explorer code cannot be fetched', () => {
  it('every list says error and no request goes', async () => {
    vi.useFakeTimers()
    const { wallets, asked } = setup()
    await wallets.prefetch()
    expect(wallets.$listStatus.get()).toBe('error')
    await wallets.fetchNextPage()
    expect(wallets.$status.get()).toBe('error')
    expect(wallets.$page.get()).toBe(0)
    expect(await wallets.loadImage('a')).toBeUndefined()
    wallets.search('one')
    expect(wallets.$search.get().status).toBe('pending')
    await vi.advanceTimersByTimeAsync(300)
    await vi.waitFor(() => expect(wallets.$search.get().status).toBe('error'))
    expect(wallets.$search.get()).toEqual({ query: 'one', results: [], count: 0, status: 'error' })
    expect(asked).toEqual([])
  })

  it('a search cleared while the code was failing stays cleared', async () => {
    vi.useFakeTimers()
    const { wallets } = setup()
    wallets.search('one')
    // The wait ends and the code is asked for; the user clears the box before it fails.
    vi.advanceTimersByTime(300)
    wallets.search('')
    await vi.dynamicImportSettled()
    await vi.advanceTimersByTimeAsync(0)
    expect(wallets.$search.get()).toEqual({ query: '', results: [], count: 0, status: 'idle' })
  })

  it('each failure is logged, naming what could not be loaded and why', async () => {
    vi.useFakeTimers()
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    cleanups.push(
      () => errors.mockRestore(),
      () => warnings.mockRestore(),
    )
    const { wallets } = setup('warn')
    const why = expect.objectContaining({
      code: 'MODULE_LOAD_FAILED',
      message: 'The wallets code could not be loaded',
    })
    await wallets.prefetch()
    expect(errors).toHaveBeenLastCalledWith('[portico] could not load recommended wallets', why)
    await wallets.fetchNextPage()
    expect(errors).toHaveBeenLastCalledWith('[portico] could not load the wallet list', why)
    wallets.search('one')
    await vi.advanceTimersByTimeAsync(300)
    await vi.waitFor(() => expect(wallets.$search.get().status).toBe('error'))
    expect(errors).toHaveBeenLastCalledWith('[portico] could not load wallet search', why)
    expect(await wallets.loadImage('logo-1')).toBeUndefined()
    expect(warnings).toHaveBeenLastCalledWith('[portico] could not load wallet image logo-1', why)
    expect(errors).toHaveBeenCalledTimes(3)
  })

  it('once the network is back, the next use fetches the code and the lists load', async () => {
    const { wallets, asked } = setup()
    await wallets.prefetch()
    expect(wallets.$listStatus.get()).toBe('error')
    explorerFetch.fail = false
    await wallets.prefetch()
    expect(wallets.$listStatus.get()).toBe('success')
    expect(wallets.$recommended.get().map((w) => w.id)).toEqual(['w1'])
    await wallets.fetchNextPage()
    expect(wallets.$status.get()).toBe('success')
    expect(asked).toEqual(['/getWallets', '/getWallets'])
  })
})
