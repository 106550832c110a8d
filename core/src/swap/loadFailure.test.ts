import { afterEach, describe, expect, it, vi } from 'vitest'
import { createPortico } from '../client/index.js'
import { unreachableFetch } from '../test-utils/client.js'
import { testNetworks } from '../test-utils/networks.js'

// The swap code (`./engine/createSwapEngine.js`) is fetched with import() on first use. The test
// makes that fetch fail as a lost chunk does (offline, a deploy in between), then lets it through.
const fetchOfEngine = await vi.hoisted(async () =>
  (await import('../test-utils/moduleFetch.js')).createModuleFetch(),
)
vi.mock('./engine/createSwapEngine.js', async (original) => {
  await fetchOfEngine.arrive()
  return original()
})

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

function setup() {
  const client = createPortico({
    projectId: 'p',
    networks: testNetworks,
    storage: 'memory',
    logLevel: 'silent',
    fetch: unreachableFetch,
  })
  cleanups.push(() => client.destroy())
  return client
}

describe('the swap code cannot be fetched', () => {
  it("an action says 'Swaps could not be loaded', a shown list says so too, and a later use fetches it again", async () => {
    fetchOfEngine.fail = true
    const client = setup()
    const error = await client.swap.setSlippage(1).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toMatchObject({
      code: 'UNKNOWN_ERROR',
      message: 'Swaps could not be loaded',
      details: { message: { key: 'swap.loadFailed' } },
    })

    // The token list on screen while the code cannot come: an error, not a list loading for ever.
    const stop = client.swap.$tokens.listen(() => undefined)
    cleanups.push(stop)
    await vi.waitFor(() => expect(client.swap.$tokens.get().status).toBe('error'))
    expect(client.swap.$tokens.get().error).toMatchObject({ message: 'Swaps could not be loaded' })

    fetchOfEngine.fail = false
    await expect(client.swap.setSlippage(1)).resolves.toBeUndefined()
    await expect(client.swap.setSlippage(51)).rejects.toMatchObject({ code: 'INVALID_INPUT' })
  })
})
