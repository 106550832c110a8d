// @vitest-environment happy-dom
// @vitest-environment-options { "url": "https://app.example/swap" }
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanupAfterEach, createOfflinePortico } from '../test-utils/offline.js'

// The origin check (`./lazy.js`) is fetched with import() when the modal first opens. The test
// makes that fetch fail as a lost chunk does (offline, a deploy in between), then lets it through.
const fetchOfCheck = await vi.hoisted(async () =>
  (await import('../test-utils/moduleFetch.js')).createModuleFetch(),
)
vi.mock('./lazy.js', async (original) => {
  await fetchOfCheck.arrive()
  return original()
})

const cleanup = cleanupAfterEach()
afterEach(() => {
  vi.restoreAllMocks()
})

describe('the origin check cannot be fetched', () => {
  it('the modal opens all the same, the developer is warned why, and the next open checks', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    // The toolkit service answers with a list that leaves this page's origin out.
    const asked: string[] = []
    const { client } = createOfflinePortico(cleanup, {
      logLevel: 'warn',
      fetch: async (input) => {
        const { pathname } = new URL(String(input))
        if (pathname === '/projects/v1/origins') asked.push(pathname)
        return Response.json({ allowedOrigins: ['https://other.example'] })
      },
    })

    fetchOfCheck.fail = true
    client.modal.open()
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith(
        '[portico] could not check the allowed origins',
        expect.objectContaining({
          code: 'MODULE_LOAD_FAILED',
          message: 'The alerts code could not be loaded',
        }),
      ),
    )
    expect(client.modal.$open.get()).toBe(true)
    expect(asked).toEqual([])
    expect(client.alerts.$alerts.get()).toEqual([])

    // Not checked yet: the next open fetches the code again and asks.
    fetchOfCheck.fail = false
    client.modal.close()
    client.modal.open()
    await vi.waitFor(() =>
      expect(client.alerts.$alerts.get()).toMatchObject([{ code: 'INVALID_APP_CONFIGURATION' }]),
    )
    expect(asked).toEqual(['/projects/v1/origins'])
  })
})
