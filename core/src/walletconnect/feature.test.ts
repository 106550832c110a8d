import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createPortico } from '../client/index.js'
import { unreachableFetch } from '../test-utils/client.js'
import { createFakeUniversalProvider } from '../test-utils/fakeUniversalProvider.js'
import { testNetworks } from '../test-utils/networks.js'
import { loadUniversalProvider } from './loadUniversalProvider.js'

// WalletConnect's own library is the edge of the world here.
vi.mock('./loadUniversalProvider.js', async (original) => ({
  ...(await original<typeof import('./loadUniversalProvider.js')>()),
  loadUniversalProvider: vi.fn(),
}))

beforeAll(async () => {
  // Loaded once, so the first test on fake timers does not race a module load (slow on a busy
  // machine) against its polling deadline.
  await import('../adapters/evm/createEvmAdapter.js')
}, 60_000)
afterEach(() => {
  vi.useRealTimers()
})

/** Lets real I/O (the adapter's dynamic import) finish, without moving the fake clock. */
async function until(condition: () => boolean) {
  const deadline = performance.now() + 10_000
  while (!condition() && performance.now() < deadline) {
    await new Promise((resolve) => setImmediate(resolve))
  }
  expect(condition()).toBe(true)
}

function setup(viewOpen: { value: boolean }) {
  vi.useFakeTimers({ now: 1_700_000_000_000, toFake: ['setTimeout', 'clearTimeout', 'Date'] })
  const fake = createFakeUniversalProvider({ now: () => Date.now() })
  const pairings = fake.state.pairings
  vi.mocked(loadUniversalProvider).mockResolvedValue(fake.up)
  const client = createPortico({
    projectId: 'p',
    networks: testNetworks,
    storage: 'memory',
    logLevel: 'silent',
    fetch: unreachableFetch,
  })
  // The expiry renewal only happens while the ConnectingWalletConnect view is on screen.
  const show = (open: boolean) => {
    if (open) client.modal.open({ view: 'ConnectingWalletConnect' })
    else client.modal.close()
  }
  show(viewOpen.value)
  const view = {
    get value() {
      return viewOpen.value
    },
    set value(open: boolean) {
      viewOpen.value = open
      show(open)
    },
  }
  return { walletConnect: client.walletConnect, fake: { pairings }, view }
}

describe('WalletConnect pairing', () => {
  it('asks for exactly the spec §6 methods, on the app networks, with their own RPC URLs', async () => {
    const { walletConnect, fake } = setup({ value: true })
    void walletConnect.startPairing()
    await until(() => fake.pairings.length === 1)
    expect(fake.pairings[0]?.namespaces).toMatchObject({
      eip155: {
        chains: ['eip155:31337', 'eip155:31338'],
        events: ['chainChanged', 'accountsChanged'],
        rpcMap: { '31337': 'http://127.0.0.1:8545', '31338': 'http://127.0.0.1:8546' },
      },
    })
    const namespaces = fake.pairings[0]?.namespaces as { eip155: { methods: string[] } }
    expect(namespaces.eip155.methods).toHaveLength(23)
    expect(walletConnect.$status.get()).toBe('connecting')
    const expiry =
      Number(/expiryTimestamp=(\d+)/.exec(walletConnect.$wcUri.get() ?? '')?.[1]) * 1000
    expect(walletConnect.$wcPairingExpiry.get()).toBe(expiry)
  })

  it('fetches a new URI when the pairing expires while the view is open', async () => {
    const { walletConnect, fake, view } = setup({ value: true })
    void walletConnect.startPairing()
    await until(() => fake.pairings.length === 1)
    const first = walletConnect.$wcUri.get()
    await vi.advanceTimersByTimeAsync(299_999)
    expect(fake.pairings).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(fake.pairings).toHaveLength(2)
    expect(walletConnect.$wcUri.get()).not.toBe(first)

    // With the view closed, an expiry waits for the next time the view opens.
    view.value = false
    await vi.advanceTimersByTimeAsync(300_000)
    expect(fake.pairings).toHaveLength(2)
    view.value = true
    void walletConnect.startPairing()
    await until(() => fake.pairings.length === 3)
  })

  it('reset returns to disconnected and clears the URI, linking and wallet', async () => {
    const { walletConnect, fake } = setup({ value: true })
    walletConnect.selectWallet({ id: 'w', name: 'Wallet', mobileLink: 'wallet://' })
    void walletConnect.startPairing()
    await until(() => fake.pairings.length === 1)
    expect(walletConnect.links().mobile).toMatch(/^wallet:\/\/wc\?uri=wc%3A/)
    walletConnect.reset()
    expect(walletConnect.$status.get()).toBe('disconnected')
    expect(walletConnect.$wcUri.get()).toBeUndefined()
    expect(walletConnect.$wcLinking.get()).toBeUndefined()
    expect(walletConnect.$recentWallet.get()).toBeUndefined()
  })
})
