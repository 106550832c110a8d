import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createPortico } from '../client/index.js'
import { connectionEvent } from '../connection/index.js'

// The connectors' code (discovery, the recent wallets) is here: lists read at once.
const loadRecentWalletsCode = () => loadFeatureCode(connectorsFeature)

import { connectorsFeature } from '../connectors/index.js'
import { loadFeatureCode } from '../kernel/index.js'

import { createMemoryStorage, type StorageAdapter } from '../storage/index.js'
import { unreachableFetch } from '../test-utils/client.js'
import {
  createFakeUniversalProvider,
  type FakeSession,
} from '../test-utils/fakeUniversalProvider.js'
import { TEST_ACCOUNTS } from '../test-utils/fakeWallet.js'
import { testNetworks } from '../test-utils/networks.js'
import { claimStorageKey, createInspectablePortico } from '../test-utils/portico.js'
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
  // The recent wallets' checks too: these tests look at what is remembered, not when it loads.
  await loadRecentWalletsCode()
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
  return { walletConnect: client.walletConnect, fake: { pairings, emit: fake.emit }, view }
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

/** A client whose WalletConnect pairs with the fake; real timers unless a test fakes them. */
function start(options: Partial<Parameters<typeof createPortico>[0]> = {}) {
  const fake = createFakeUniversalProvider({ now: () => Date.now() })
  vi.mocked(loadUniversalProvider).mockResolvedValue(fake.up)
  const client = createPortico({
    projectId: 'p',
    networks: testNetworks,
    storage: 'memory',
    logLevel: 'silent',
    fetch: unreachableFetch,
    ...options,
  })
  cleanups.push(() => client.destroy())
  /** Waits for the pairing's QR code, then the phone approves it. */
  const approve = async (peer = { name: 'Phone Wallet', icons: [] as string[] }) => {
    await until(() => fake.state.pairings.at(-1)?.uri !== undefined)
    fake.state.pairings.at(-1)?.approve({
      topic: 'session-topic',
      accounts: [TEST_ACCOUNTS[0]],
      chainId: 31337,
      // WalletConnect's session holds the wallet's metadata under `peer.metadata`.
      peer: { metadata: peer },
    } as unknown as FakeSession)
  }
  return { client, walletConnect: client.walletConnect, fake, approve }
}
const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
  vi.mocked(loadUniversalProvider).mockReset()
})

const PHONE_WALLET = {
  id: 'phone',
  name: 'Phone Wallet (listed)',
  imageUrl: 'https://img.example/phone.png',
  rdns: 'com.phone',
  mobileLink: 'phonewallet://',
  desktopLink: 'phonedesktop://',
  webappLink: 'https://web.phone.example',
  chains: ['eip155:31337'],
}

describe('what WalletConnect is started with', () => {
  it("the app's project id, relay, metadata and storage key", async () => {
    const metadata = {
      name: 'Shop',
      description: 'A shop',
      url: 'https://shop.example',
      icons: ['https://shop.example/icon.png'],
    }
    const { walletConnect, fake } = start({
      metadata,
      storageKey: 'shop',
      apiUrls: { relay: 'ws://127.0.0.1:4444' },
    })
    void walletConnect.startPairing()
    await until(() => fake.state.pairings.length === 1)
    expect(vi.mocked(loadUniversalProvider).mock.calls[0]?.[0]).toMatchObject({
      projectId: 'p',
      relayUrl: 'ws://127.0.0.1:4444',
      metadata,
      storageKey: 'shop',
    })
  })

  it('an app that gives no metadata is named Portico (outside a browser, at portico.invalid)', async () => {
    const { walletConnect, fake } = start()
    void walletConnect.startPairing()
    await until(() => fake.state.pairings.length === 1)
    expect(vi.mocked(loadUniversalProvider).mock.calls[0]?.[0]).toMatchObject({
      relayUrl: 'wss://relay.walletconnect.org',
      metadata: {
        name: 'Portico',
        description: 'Connect a wallet',
        url: 'https://portico.invalid',
        icons: [],
      },
    })
  })

  it('is offered only to an app with a project id (the relay authenticates with it)', () => {
    const ids = (projectId: string) =>
      start({ projectId })
        .client.connectors.$connectors.get()
        .map((c) => c.id)
    expect(ids('p')).toContain('walletConnect')
    const connector = start().walletConnect.connector
    expect({ name: connector.name, type: connector.type }).toEqual({
      name: 'WalletConnect',
      type: 'WALLET_CONNECT',
    })
    expect(ids('')).not.toContain('walletConnect')
  })
})

describe('starting a pairing', () => {
  it('does nothing while WalletConnect is already the connection', async () => {
    const { walletConnect, fake, approve } = start()
    const first = walletConnect.startPairing()
    await approve()
    expect((await first)?.address).toBe(TEST_ACCOUNTS[0])
    expect(await walletConnect.startPairing()).toBeUndefined()
    expect(fake.state.pairings).toHaveLength(1)
    expect(walletConnect.$status.get()).toBe('connected')
  })

  it('a second start joins the pairing under way while its URI is valid, and renews it once expired', async () => {
    const { walletConnect, fake } = setup({ value: false })
    const first = walletConnect.startPairing()
    await until(() => fake.pairings[0]?.uri !== undefined)
    expect(walletConnect.startPairing()).toBe(first)
    // The view is closed: the URI expires (300 s) unrenewed until the user asks again.
    await vi.advanceTimersByTimeAsync(299_999)
    void walletConnect.startPairing()
    expect(fake.pairings).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(fake.pairings).toHaveLength(1)
    expect(walletConnect.startPairing()).toBe(first)
    await until(() => fake.pairings.length === 2)
  })

  it('a URI without an expiry is shown as is and never renewed on its own', async () => {
    const { walletConnect, fake } = setup({ value: true })
    void walletConnect.startPairing()
    await until(() => fake.pairings[0]?.uri !== undefined)
    fake.emit('display_uri', 'wc:abc@2?relay-protocol=irn&symKey=00')
    expect(walletConnect.$wcUri.get()).toBe('wc:abc@2?relay-protocol=irn&symKey=00')
    expect(walletConnect.$wcPairingExpiry.get()).toBeUndefined()
    await vi.advanceTimersByTimeAsync(600_000)
    expect(fake.pairings).toHaveLength(1)
  })

  it('a refused pairing: the error shown, the QR code gone; starting again clears the error', async () => {
    const { walletConnect, fake } = start()
    const pairing = walletConnect.startPairing()
    await until(() => fake.state.pairings[0]?.uri !== undefined)
    expect(walletConnect.$wcUri.get()).toBeDefined()
    fake.state.pairings[0]?.fail({ code: 4001, message: 'User rejected' })
    expect(await pairing).toBeUndefined()
    expect(walletConnect.$wcError.get()?.code).toBe('USER_REJECTED')
    expect(walletConnect.$status.get()).toBe('disconnected')
    expect(walletConnect.$wcUri.get()).toBeUndefined()

    void walletConnect.startPairing()
    expect(walletConnect.$wcError.get()).toBeUndefined()
    expect(walletConnect.$status.get()).toBe('connecting')
    expect(walletConnect.$buffering.get()).toBe(true)
  })
})

describe('the approved session', () => {
  it('remembers the listed wallet picked, with its links and nothing else', async () => {
    const { client, walletConnect, approve } = start()
    walletConnect.selectWallet(PHONE_WALLET)
    const pairing = walletConnect.startPairing()
    await approve()
    await pairing
    expect(client.connectors.$recentWallets.get()[0]).toEqual({
      id: 'phone',
      name: 'Phone Wallet (listed)',
      imageUrl: 'https://img.example/phone.png',
      rdns: 'com.phone',
      mobileLink: 'phonewallet://',
      desktopLink: 'phonedesktop://',
      webappLink: 'https://web.phone.example',
    })
  })

  it("a wallet with an unusable name and no listed wallet picked is shown as 'WalletConnect'", async () => {
    const { client, walletConnect, approve } = start()
    const pairing = walletConnect.startPairing()
    await approve({ name: '\u200B', icons: [] })
    await pairing
    expect(client.account.$account.get().connectedWalletInfo).toEqual({
      id: 'walletConnect',
      name: 'WalletConnect',
      icon: undefined,
      type: 'WALLET_CONNECT',
    })
    expect(client.connectors.$recentWallets.get()).toEqual([])
    // Connected: the QR code is gone.
    expect(walletConnect.$wcUri.get()).toBeUndefined()
  })
})

describe('wallet links', () => {
  it('none before there is a URI, and none without a wallet picked', async () => {
    const { walletConnect, fake } = start()
    walletConnect.selectWallet(PHONE_WALLET)
    expect(walletConnect.links()).toEqual({})
    void walletConnect.startPairing()
    await until(() => fake.state.pairings[0]?.uri !== undefined)
    expect(walletConnect.links().mobile).toMatch(/^phonewallet:\/\/wc\?uri=wc%3A/)
    walletConnect.selectWallet(undefined)
    expect(walletConnect.links()).toEqual({})
  })
})

describe('a pairing the app asks for itself', () => {
  it('an EIP-1193 connection request with the view open: the URI is not renewed on its own, as no pairing of the view is under way', async () => {
    const { walletConnect, fake } = setup({ value: true })
    void walletConnect.connector.provider!.request({ method: 'eth_requestAccounts' })
    await until(() => fake.pairings[0]?.uri !== undefined)
    expect(walletConnect.$status.get()).toBe('disconnected')
    await vi.advanceTimersByTimeAsync(300_000)
    expect(fake.pairings).toHaveLength(1)
  })
})

describe('the deep-link choice', () => {
  it('is a storage key of its own: another feature cannot claim it', () => {
    expect(claimStorageKey('deeplink_choice')).toThrow(
      'Storage key deeplink_choice is claimed by walletConnect and squatter',
    )
  })

  it('a pairing by QR code stores none', async () => {
    const storage = createMemoryStorage()
    const { walletConnect, approve } = start({ storage })
    const pairing = walletConnect.startPairing()
    await approve()
    await pairing
    expect(walletConnect.$connectedVia.get()).toBe('qrcode')
    expect(storage.getItem('@portico/deeplink_choice')).toBeNull()
  })

  it('a pairing by QR code leaves a choice stored since (in another tab) as it is', async () => {
    const storage = createMemoryStorage({
      '@portico/deeplink_choice': JSON.stringify({ name: 'MetaMask', href: 'metamask://' }),
    })
    const { walletConnect, approve } = start({ storage })
    const stop = walletConnect.$wcLinking.listen(() => undefined)
    await vi.waitFor(() =>
      expect(walletConnect.$wcLinking.get()).toEqual({ name: 'MetaMask', href: 'metamask://' }),
    )
    const other = JSON.stringify({ name: 'Rainbow', href: 'rainbow://' })
    storage.setItem('@portico/deeplink_choice', other)
    const pairing = walletConnect.startPairing()
    await approve()
    await pairing
    expect(storage.getItem('@portico/deeplink_choice')).toBe(other)
    stop()
  })
})

describe('what the connection says', () => {
  /** A client with a way to the connection's events, paired with the fake unless told not to. */
  async function inspectable(
    options: { storage?: StorageAdapter; pair?: boolean; session?: FakeSession } = {},
  ) {
    const fake = createFakeUniversalProvider({ now: () => Date.now(), session: options.session })
    vi.mocked(loadUniversalProvider).mockResolvedValue(fake.up)
    const built = createInspectablePortico({
      projectId: 'p',
      networks: testNetworks,
      storage: options.storage ?? createMemoryStorage(),
      logLevel: 'silent',
      fetch: unreachableFetch,
    })
    cleanups.push(() => built.client.destroy())
    const { client, events } = built
    if (options.pair ?? true) {
      const pairing = client.walletConnect.startPairing()
      await until(() => fake.state.pairings[0]?.uri !== undefined)
      fake.state.pairings[0]!.approve(SESSION)
      await pairing
      expect(client.walletConnect.$status.get()).toBe('connected')
    }
    return { client, walletConnect: client.walletConnect, fake, events }
  }

  const SESSION = {
    topic: 'session-topic',
    accounts: [TEST_ACCOUNTS[0]],
    chainId: 31337,
    peer: { metadata: { name: 'Phone Wallet', icons: [] } },
  } as unknown as FakeSession

  it('the wallet switching accounts keeps WalletConnect connected', async () => {
    const { client, walletConnect, fake } = await inspectable()
    fake.emit('accountsChanged', [TEST_ACCOUNTS[1]])
    await until(() => client.account.$account.get().address === TEST_ACCOUNTS[1])
    expect(walletConnect.$status.get()).toBe('connected')
    expect(fake.state.deletions).toEqual([])
  })

  it('a session restored after a reload is connected, by a way unknown', async () => {
    const storage = createMemoryStorage()
    const before = await inspectable({ storage })
    before.client.destroy()
    // WalletConnect's library finds the session in its storage.
    const { client, walletConnect } = await inspectable({ storage, pair: false, session: SESSION })
    await client.connection.reconnect()
    expect(client.account.$account.get().status).toBe('connected')
    expect(walletConnect.$status.get()).toBe('connected')
    expect(walletConnect.$connectedVia.get()).toBeUndefined()
  })

  it('another wallet reconnecting leaves WalletConnect disconnected', async () => {
    const { walletConnect, events } = await inspectable({ pair: false })
    events.emit(connectionEvent, { type: 'reconnected', namespace: 'eip155' })
    expect(walletConnect.$status.get()).toBe('disconnected')
  })

  it('a wallet of another chain disconnecting leaves the WalletConnect session alone', async () => {
    const { walletConnect, fake, events } = await inspectable()
    events.emit(connectionEvent, { type: 'disconnected', namespace: 'solana' })
    await new Promise((resolve) => setImmediate(resolve))
    expect(walletConnect.$status.get()).toBe('connected')
    expect(fake.state.deletions).toEqual([])
  })

  it('a disconnect while a pairing is under way leaves its QR code', async () => {
    const { walletConnect, fake, events } = await inspectable({ pair: false })
    void walletConnect.startPairing()
    await until(() => fake.state.pairings[0]?.uri !== undefined)
    events.emit(connectionEvent, { type: 'disconnected', namespace: 'eip155' })
    expect(walletConnect.$status.get()).toBe('connecting')
    expect(walletConnect.$wcUri.get()).toBe(fake.state.pairings[0]?.uri)
  })
})
