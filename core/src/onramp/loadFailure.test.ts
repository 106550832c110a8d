import { afterEach, describe, expect, it, vi } from 'vitest'
import { createPortico } from '../client/index.js'
import { isPorticoError } from '../errors/index.js'
import { TEST_NETWORKS, unreachableFetch } from '../test-utils/client.js'

// The on-ramp's code is fetched on first use; here the network fails that fetch.
vi.mock('./engine.js', () => {
  throw new TypeError('Failed to fetch dynamically imported module')
})

afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

function client(logLevel: 'silent' | 'error' = 'silent') {
  return createPortico({
    projectId: 'p',
    networks: TEST_NETWORKS,
    storage: 'memory',
    logLevel,
    fetch: unreachableFetch,
  })
}

describe('when the on-ramp code cannot be loaded', () => {
  it('actions reject with a clear error, and the next use tries again', async () => {
    const portico = client()
    const first = await portico.onramp.refetch().catch((e) => e)
    expect(isPorticoError(first, 'UNKNOWN_ERROR')).toBe(true)
    expect(first.message).toBe('The on-ramp could not be loaded')
    expect(first.details).toEqual({ message: { key: 'onramp.loadFailed' } })
    const second = await portico.onramp.refreshPurchases().catch((e) => e)
    expect(second).not.toBe(first)
    expect(second.details).toEqual({ message: { key: 'onramp.loadFailed' } })
    portico.destroy()
  })

  it('is printed for the developer, with its cause', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const portico = client('error')
    const failure = await portico.onramp.refetch().catch((e) => e)
    expect(errors).toHaveBeenCalledWith('[portico] on-ramp', failure)
    portico.destroy()
  })

  it('a purchase closes the window it opened in the click', async () => {
    const popup = { closed: false, close: vi.fn(), focus: vi.fn(), location: { replace: vi.fn() } }
    vi.stubGlobal('open', () => popup)
    const portico = client()
    const failure = await portico.onramp.buy().catch((e) => e)
    expect(failure.details).toEqual({ message: { key: 'onramp.loadFailed' } })
    expect(popup.close).toHaveBeenCalledOnce()
    expect(popup.location.replace).not.toHaveBeenCalled()
    portico.destroy()
  })

  it('the watched stores say so, and setters do not throw', async () => {
    const portico = client()
    const seen: string[] = []
    const stop = portico.onramp.$options.subscribe((state) => seen.push(state.status))
    const stopPurchase = portico.onramp.$purchase.listen(() => undefined)
    expect(() => portico.onramp.setAmount('50')).not.toThrow()
    await vi.waitFor(() => expect(seen).toContain('error'))
    expect(portico.onramp.$options.get().error?.details).toEqual({
      message: { key: 'onramp.loadFailed' },
    })
    expect(portico.onramp.$purchase.get()).toMatchObject({ status: 'error', phase: 'idle' })
    expect(portico.onramp.$quote.get()).toMatchObject({ status: 'error' })
    expect(portico.onramp.$form.get()).toBeUndefined()
    stop()
    stopPurchase()
    portico.destroy()
  })
})
