// @vitest-environment happy-dom
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { createFakeWallet } from '../test-utils/fakeWallet.js'
import { cleanupAfterEach, createOfflinePortico } from '../test-utils/offline.js'

// The balances' heavy half (`./lazy.js`) is fetched with import() on first use (a wallet connects,
// the tokens are shown). The test makes that fetch fail as a lost chunk does (offline, a deploy in
// between), then lets it through.
const fetchOfLoader = await vi.hoisted(async () =>
  (await import('../test-utils/moduleFetch.js')).createModuleFetch(),
)
vi.mock('./lazy.js', async (original) => {
  await fetchOfLoader.arrive()
  return original()
})

const cleanup = cleanupAfterEach()
beforeAll(async () => {
  await import('../adapters/evm/createEvmAdapter.js')
}, 30_000)

describe('the balances code cannot be fetched', () => {
  it("shows the load error, says 'Token Balance Unavailable' when asked, blocks nothing, and the next ask fetches it again", async () => {
    const wallet = createFakeWallet()
    cleanup(wallet.announce(window, { name: 'Fake', rdns: 'dev.portico.fake' }))
    const asked: string[] = []
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    cleanup(() => errors.mockRestore())
    const { client } = createOfflinePortico(cleanup, {
      logLevel: 'error',
      fetch: async (input) => {
        asked.push(new URL(String(input)).pathname)
        throw new TypeError('Failed to fetch')
      },
    })
    const toasts: string[] = []
    cleanup(
      client.toast.$toast.listen((toast) => {
        if (toast.open && 'key' in toast.message) toasts.push(toast.message.key)
      }),
    )
    fetchOfLoader.fail = true
    await client.connection.connect({ connectorId: 'dev.portico.fake' })
    // A view shows the list: it is fetched (fetch on use), and its code cannot come.
    cleanup(client.balances.$tokenBalances.listen(() => undefined))
    await vi.waitFor(() =>
      expect(client.balances.$tokenBalances.get()).toMatchObject({
        status: 'error',
        error: { code: 'MODULE_LOAD_FAILED', message: 'The balances code could not be loaded' },
      }),
    )
    // Nothing was ever loaded: the answer is an empty list, and the log says why.
    expect(await client.balances.fetchTokenBalances()).toEqual([])
    expect(toasts).toContain('balances.unavailable')
    expect(errors.mock.calls.flat().map(String).join(' ')).toContain(
      'token balances are unavailable',
    )
    expect(asked).not.toContain('/v1/supported-chains')

    // No 30 s block after a code failure: the next ask loads the code and reaches the API.
    fetchOfLoader.fail = false
    await client.balances.fetchTokenBalances()
    expect(asked).toContain('/v1/supported-chains')
  })
})
