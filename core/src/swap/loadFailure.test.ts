import { describe, expect, it, vi } from 'vitest'
import { cleanupAfterEach, createOfflinePortico } from '../test-utils/offline.js'

// The swap code (`./lazy.js`) is fetched with import() on first use. The test
// makes that fetch fail as a lost chunk does (offline, a deploy in between), then lets it through.
const fetchOfEngine = await vi.hoisted(async () =>
  (await import('../test-utils/moduleFetch.js')).createModuleFetch(),
)
vi.mock('./lazy.js', async (original) => {
  await fetchOfEngine.arrive()
  return original()
})

const cleanup = cleanupAfterEach()

describe('the swap code cannot be fetched', () => {
  it("an action says the swap code could not be loaded ('swap.loadFailed'), a shown list says so too, and a later use fetches it again", async () => {
    fetchOfEngine.fail = true
    const { client } = createOfflinePortico(cleanup)
    const error = await client.swap.setSlippage(1).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toMatchObject({
      code: 'MODULE_LOAD_FAILED',
      message: 'The swap code could not be loaded',
      details: { module: 'swap', message: { key: 'swap.loadFailed' } },
    })

    // The token list on screen while the code cannot come: an error, not a list loading for ever.
    cleanup(client.swap.$tokens.listen(() => undefined))
    await vi.waitFor(() => expect(client.swap.$tokens.get().status).toBe('error'))
    expect(client.swap.$tokens.get().error).toMatchObject({ code: 'MODULE_LOAD_FAILED' })

    fetchOfEngine.fail = false
    await expect(client.swap.setSlippage(1)).resolves.toBeUndefined()
    await expect(client.swap.setSlippage(51)).rejects.toMatchObject({ code: 'INVALID_INPUT' })
  })
})
