// @vitest-environment happy-dom
// @vitest-environment-options { "url": "https://app.example/" }
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createPortico } from '../client/index.js'
import { createMemoryStorage } from '../storage/index.js'
import { TEST_NETWORKS } from '../test-utils/client.js'

// Telemetry's heavy half (its rules, rate limit, event body, sender) is fetched with the first
// error seen; here the network fails that fetch once.
const TOOLKIT = 'https://toolkit.test'
const PULSE = 'https://pulse.test'

function setup() {
  const posted: unknown[] = []
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input))
    if (url.origin === TOOLKIT && url.pathname === '/getAnalyticsConfig') {
      return Response.json({ isAnalyticsEnabled: true })
    }
    if (url.origin === PULSE && url.pathname === '/e') {
      posted.push(JSON.parse(String(init?.body)))
      return Response.json({ ok: true }, { status: 202 })
    }
    return Response.json({ error: 'not here' }, { status: 404 })
  }
  const client = createPortico({
    projectId: 'test-project',
    networks: TEST_NETWORKS,
    storage: createMemoryStorage(),
    logLevel: 'debug',
    apiUrls: { toolkit: TOOLKIT, pulse: PULSE },
    fetch,
  })
  return { client, posted }
}

afterEach(() => {
  vi.doUnmock('./lazy.js')
  vi.restoreAllMocks()
})

describe('when the telemetry code cannot be fetched', () => {
  it('drops what waited for it, and fetches it again for the next error', async () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {})
    let attempts = 0
    vi.doMock('./lazy.js', () => {
      attempts++
      throw new TypeError('Failed to fetch dynamically imported module')
    })
    const { client, posted } = setup()
    window.dispatchEvent(new Event('pointerdown'))
    client.toast.showError({ key: 'history.fetchFailed' })
    await vi.waitFor(() => expect(attempts).toBe(1))
    await vi.dynamicImportSettled()
    vi.doUnmock('./lazy.js')
    // Not reported (that could only fail again), but a developer debugging sees which code failed.
    await vi.waitFor(() =>
      expect(debug).toHaveBeenCalledWith(
        '[portico] could not send error telemetry',
        expect.objectContaining({
          code: 'MODULE_LOAD_FAILED',
          message: 'The telemetry code could not be loaded',
        }),
      ),
    )

    client.toast.showError({ key: 'send.failed' })
    await vi.waitFor(() => expect(posted).toHaveLength(1))
    // The first error went with its code; the second, after the code came, went out.
    expect(posted).toMatchObject([{ props: { event: 'ERROR_SHOWN', code: 'send.failed' } }])
    expect(client.telemetry.$status.get()).toBe('on')
    client.destroy()
  })
})
