import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createPortico } from '../client/index.js'
import { createMemoryStorage } from '../storage/index.js'
import { unreachableFetch } from '../test-utils/client.js'
import { createFakeUniversalProvider } from '../test-utils/fakeUniversalProvider.js'
import { TEST_ACCOUNTS } from '../test-utils/fakeWallet.js'
import { testNetworks } from '../test-utils/networks.js'

// WalletConnect's heavy half (`./lazy.js`) is fetched with import() when the user first picks
// WalletConnect. The test makes that fetch fail as a lost chunk does (offline, a deploy in
// between), then lets it through. WalletConnect's own library is the edge of the world.
const fetchOfHalf = await vi.hoisted(async () =>
  (await import('../test-utils/moduleFetch.js')).createModuleFetch(),
)
vi.mock('./lazy.js', async (original) => {
  await fetchOfHalf.arrive()
  return original()
})
const edge = vi.hoisted(() => ({ client: undefined as unknown }))
vi.mock('./loadUniversalProvider.js', async (original) => ({
  ...(await original<typeof import('./loadUniversalProvider.js')>()),
  loadUniversalProvider: async () => edge.client,
}))

beforeAll(async () => {
  await import('../adapters/evm/createEvmAdapter.js')
}, 30_000)
const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

describe('the WalletConnect code cannot be fetched', () => {
  it('the pairing says why, nothing waits for ever, and Retry fetches it again and pairs', async () => {
    const fake = createFakeUniversalProvider({ now: () => Date.now() })
    edge.client = fake.up
    const client = createPortico({
      projectId: 'p',
      networks: testNetworks,
      storage: createMemoryStorage(),
      logLevel: 'silent',
      fetch: unreachableFetch,
    })
    cleanups.push(() => client.destroy())
    const { walletConnect } = client

    fetchOfHalf.fail = true
    expect(await walletConnect.startPairing()).toBeUndefined()
    expect(walletConnect.$wcError.get()).toMatchObject({
      code: 'MODULE_LOAD_FAILED',
      message: 'The walletConnect code could not be loaded',
      details: { module: 'walletConnect' },
    })
    expect(walletConnect.$status.get()).toBe('disconnected')
    expect(walletConnect.$buffering.get()).toBe(false)

    fetchOfHalf.fail = false
    const pairing = walletConnect.retry()
    expect(walletConnect.$wcError.get()).toBeUndefined()
    await vi.waitFor(() => expect(fake.state.pairings[0]?.uri).toBeDefined())
    fake.state.pairings[0]?.approve({
      topic: 't1',
      accounts: [TEST_ACCOUNTS[0]],
      chainId: 31337,
      peer: { name: 'Phone Wallet', icons: [] },
    })
    expect((await pairing)?.caipAddress).toBe(`eip155:31337:${TEST_ACCOUNTS[0]}`)
    expect(walletConnect.$status.get()).toBe('connected')
  })
})
