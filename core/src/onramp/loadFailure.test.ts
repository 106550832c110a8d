import { afterEach, describe, expect, it, vi } from 'vitest'
import { createPortico } from '../client/index.js'
import { TEST_NETWORKS, unreachableFetch } from '../test-utils/client.js'

// The on-ramp's code is fetched on first use; here the network fails that fetch.
vi.mock('./lazy.js', () => {
  throw new TypeError('Failed to fetch dynamically imported module')
})

afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

function client() {
  return createPortico({
    projectId: 'p',
    networks: TEST_NETWORKS,
    storage: 'memory',
    logLevel: 'silent',
    fetch: unreachableFetch,
  })
}

/** The kernel's load failure, with what the user reads: "Buying crypto could not be loaded". */
const LOAD_FAILED = {
  code: 'MODULE_LOAD_FAILED',
  message: 'The onramp code could not be loaded',
  details: { module: 'onramp', message: { key: 'onramp.loadFailed' } },
}

describe('when the on-ramp code cannot be loaded', () => {
  it('actions reject with a clear error, and the next use tries again', async () => {
    const portico = client()
    const first = await portico.onramp.refetch().catch((e) => e)
    expect(first).toMatchObject(LOAD_FAILED)
    const second = await portico.onramp.refreshPurchases().catch((e) => e)
    expect(second).not.toBe(first)
    expect(second).toMatchObject(LOAD_FAILED)
    portico.destroy()
  })

  it('a purchase closes the window it opened in the click', async () => {
    const popup = { closed: false, close: vi.fn(), focus: vi.fn(), location: { replace: vi.fn() } }
    vi.stubGlobal('open', () => popup)
    const portico = client()
    const failure = await portico.onramp.buy().catch((e) => e)
    expect(failure).toMatchObject(LOAD_FAILED)
    expect(popup.close).toHaveBeenCalledOnce()
    expect(popup.location.replace).not.toHaveBeenCalled()
    portico.destroy()
  })

  it('the watched stores say so, and setters do not throw', async () => {
    const portico = client()
    const seen: string[] = []
    const stop = portico.onramp.$options.subscribe((state) => seen.push(state.status))
    const stopQuote = portico.onramp.$quote.listen(() => undefined)
    const stopPurchase = portico.onramp.$purchase.listen(() => undefined)
    expect(() => portico.onramp.setAmount('50')).not.toThrow()
    await vi.waitFor(() => expect(seen).toContain('error'))
    expect(portico.onramp.$options.get().error).toMatchObject(LOAD_FAILED)
    await vi.waitFor(() => expect(portico.onramp.$quote.get()).toMatchObject({ status: 'error' }))
    // No purchase was asked for: it stays as it was.
    expect(portico.onramp.$purchase.get()).toMatchObject({ status: 'idle', phase: 'idle' })
    expect(portico.onramp.$form.get()).toBeUndefined()
    stop()
    stopQuote()
    stopPurchase()
    portico.destroy()
  })
})
