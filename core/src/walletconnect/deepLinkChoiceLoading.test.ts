import { describe, expect, it, vi } from 'vitest'
import { createMemoryStorage } from '../storage/index.js'
import { testNetworks } from '../test-utils/networks.js'

// The stored deep-link choice is read when something shows it, once its checks' code (with
// WalletConnect's heavy half) has arrived. Each test starts on a new page (fresh modules): the
// code is not here yet.
const fetchOfChecks = await vi.hoisted(async () =>
  (await import('../test-utils/moduleFetch.js')).createModuleFetch(),
)
vi.mock('./lazy.js', async (original) => {
  await fetchOfChecks.arrive()
  return original()
})

async function newPage() {
  vi.resetModules()
  const { createPortico } = await import('../client/index.js')
  const client = createPortico({
    projectId: 'p',
    networks: testNetworks,
    logLevel: 'warn',
    storage: createMemoryStorage({
      '@portico/deeplink_choice': JSON.stringify({ name: 'MetaMask', href: 'metamask://' }),
    }),
  })
  return client.walletConnect
}

const arrived = async () => {
  await vi.dynamicImportSettled()
  await new Promise((resolve) => setImmediate(resolve))
}

describe('the stored deep-link choice', () => {
  // First: once its code has arrived, a page keeps it (as a browser does).
  it('cannot fetch its checks: not shown, the developer is told', async () => {
    fetchOfChecks.fail = true
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const walletConnect = await newPage()
    const stop = walletConnect.$wcLinking.listen(() => undefined)
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(1))
    expect(warn.mock.calls[0]?.[0]).toBe('[portico] could not read the deep link choice')
    expect(warn.mock.calls[0]?.[1]).toMatchObject({
      code: 'MODULE_LOAD_FAILED',
      message: 'The walletConnect code could not be loaded',
    })
    expect(walletConnect.$wcLinking.get()).toBeUndefined()
    stop()
    warn.mockRestore()
    fetchOfChecks.fail = false
  })

  it('is not read with the page; shown, it arrives with its checks', async () => {
    const walletConnect = await newPage()
    const seen: unknown[] = []
    const stop = walletConnect.$wcLinking.subscribe((value) => seen.push(value))
    expect(seen).toEqual([undefined])
    await vi.waitFor(() =>
      expect(seen).toEqual([undefined, { name: 'MetaMask', href: 'metamask://' }]),
    )
    stop()
  })

  it('a reset before it arrives wins: the stored choice is not shown', async () => {
    const walletConnect = await newPage()
    const stop = walletConnect.$wcLinking.listen(() => undefined)
    walletConnect.reset()
    await arrived()
    expect(walletConnect.$wcLinking.get()).toBeUndefined()
    stop()
  })
})
