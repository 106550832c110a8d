import {
  createMemoryStorage,
  isPorticoError,
  type PorticoClient,
  type StorageAdapter,
} from '@portico/core'
import { buildClient, connectionFeature, FEATURES } from '@portico/core/test-seams'
import {
  createDevnetWalletConnectWallet,
  type Devnet,
  type DevnetWalletConnectWallet,
  startDevnet,
} from '@portico/devnet'
import { verifyMessage } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

// The SDK and WalletConnect's real client against the devnet relay, whose socket the tests refuse
// and restore: what a user sees when the relay is down, and that everything comes back with it.

let devnet: Devnet
let wallet: DevnetWalletConnectWallet
const clients: PorticoClient[] = []

beforeAll(async () => {
  devnet = await startDevnet({ ports: { api: 0, chains: [0, 0, 0], relay: 0 } })
  wallet = await createDevnetWalletConnectWallet({
    relayUrl: devnet.relayUrl,
    chains: devnet.chains,
    autoApprove: true,
  })
}, 60_000)

afterEach(() => {
  devnet.relay.restore()
  vi.restoreAllMocks()
})

afterAll(async () => {
  for (const client of clients) client.destroy()
  await wallet?.close()
  await devnet?.stop()
})

/** A storage that also remembers every key ever written to it. */
function recordingStorage() {
  const storage = createMemoryStorage()
  const written = new Set<string>()
  const setItem = storage.setItem.bind(storage)
  storage.setItem = (key, value) => {
    written.add(key)
    setItem(key, value)
  }
  return Object.assign(storage, { written })
}

function client(storage: StorageAdapter = createMemoryStorage()) {
  const built = buildClient(FEATURES, {
    projectId: 'devnet',
    networks: [devnet.networks[0]!, ...devnet.networks.slice(1)],
    apiUrls: { blockchain: devnet.apiUrl, toolkit: devnet.apiUrl, relay: devnet.relayUrl },
    storage,
    logLevel: 'silent',
    metadata: { name: 'Portico test', description: 'failures', url: 'http://127.0.0.1', icons: [] },
  })
  clients.push(built.client)
  return built
}

/** Polls until `check` holds, at most `ms` (the real relay and client take real time). */
async function until(check: () => boolean, ms = 20_000) {
  await vi.waitFor(() => expect(check()).toBe(true), { timeout: ms, interval: 25 })
}

async function pair(portico: PorticoClient) {
  const pairing = portico.walletConnect.startPairing()
  await until(() => typeof portico.walletConnect.$wcUri.get() === 'string')
  await wallet.connect(portico.walletConnect.$wcUri.get()!)
  const connected = await pairing
  expect(connected?.address).toBe(wallet.address())
  return connected
}

describe('two clients on one page', () => {
  it('each has its own WalletConnect core: destroying one leaves the other pairing, into its own storage', async () => {
    const warn = vi.spyOn(console, 'warn')
    const storageA = recordingStorage()
    const storageB = recordingStorage()
    const a = client(storageA).client
    const b = client(storageB).client
    const pairingA = a.walletConnect.startPairing()
    const pairingB = b.walletConnect.startPairing()
    await until(() => Boolean(a.walletConnect.$wcUri.get() && b.walletConnect.$wcUri.get()))
    expect(a.walletConnect.$wcUri.get()).not.toBe(b.walletConnect.$wcUri.get())
    // Two clients of the relay (two client ids, two keys), not one shared.
    expect(devnet.relay.stats().clients).toBeGreaterThanOrEqual(2)

    a.destroy()
    expect(await pairingA).toBeUndefined()
    await wallet.connect(b.walletConnect.$wcUri.get()!)
    expect((await pairingB)?.address).toBe(wallet.address())
    expect(b.account.$account.get().status).toBe('connected')

    const sessionKeys = (storage: ReturnType<typeof recordingStorage>) =>
      [...storage.written].filter(
        (key) => key.startsWith('@portico/wc/') && key.endsWith('//session'),
      )
    expect(sessionKeys(storageB)).toEqual(['@portico/wc/wc@2:client:0.3:portico//session'])
    expect(
      storageB.getItem('@portico/wc/wc@2:client:0.3:portico//session')?.toLowerCase(),
    ).toContain(wallet.address().toLowerCase())
    // A paired nothing: none of B's session reached A's storage.
    expect(storageA.getItem('@portico/wc/wc@2:client:0.3:portico//session') ?? '[]').toBe('[]')
    expect(warn.mock.calls.flat().join(' ')).not.toContain('Init() was called')
    await b.connection.disconnect()
  })

  it('a client created again after destroy (a reload) restores the session with a new core', async () => {
    const warn = vi.spyOn(console, 'warn')
    const storage = createMemoryStorage()
    const first = client(storage).client
    await pair(first)
    first.destroy()
    const second = client(storage).client
    await second.connection.reconnect()
    expect(second.account.$account.get()).toMatchObject({
      status: 'connected',
      address: wallet.address(),
    })
    expect(warn.mock.calls.flat().join(' ')).not.toContain('Init() was called')
    await second.connection.disconnect()
  })
})

describe('the relay refused', () => {
  it('a pairing fails with RELAY_UNAVAILABLE in about 10 s, and Retry pairs once the relay is back', async () => {
    devnet.relay.refuse()
    const { client: portico } = client()
    const started = Date.now()
    const pairing = portico.walletConnect.startPairing()
    expect(portico.walletConnect.$status.get()).toBe('connecting')
    expect(await pairing).toBeUndefined()
    const waited = Date.now() - started
    expect(waited).toBeGreaterThanOrEqual(10_000)
    expect(waited).toBeLessThan(15_000)
    expect(portico.walletConnect.$wcError.get()?.code).toBe('RELAY_UNAVAILABLE')
    expect(portico.walletConnect.$wcUri.get()).toBeUndefined()
    expect(devnet.relay.stats().turnedAway).toBeGreaterThan(0)

    devnet.relay.restore()
    const retry = portico.walletConnect.retry()
    await until(() => typeof portico.walletConnect.$wcUri.get() === 'string')
    await wallet.connect(portico.walletConnect.$wcUri.get()!)
    expect((await retry)?.address).toBe(wallet.address())
    expect(portico.walletConnect.$wcError.get()).toBeUndefined()
    await portico.connection.disconnect()
  })

  it('a pairing fails the same way when the relay accepts the connection and never answers', async () => {
    devnet.relay.refuse('hang')
    const { client: portico } = client()
    expect(await portico.walletConnect.startPairing()).toBeUndefined()
    expect(portico.walletConnect.$wcError.get()?.code).toBe('RELAY_UNAVAILABLE')
  })

  it('a restored session is reconnecting until the relay answers; requests wait 10 s for it, then work again', async () => {
    const storage = createMemoryStorage()
    const first = client(storage).client
    await pair(first)
    first.destroy()

    // The next page load, with the relay down.
    devnet.relay.refuse()
    const before = devnet.relay.stats().turnedAway
    const { client: portico, use } = client(storage)
    const statuses: string[] = []
    portico.account.$account.subscribe((a) => statuses.push(a.status))
    const reconnect = portico.connection.reconnect()
    // WalletConnect's client has tried the relay (and retries every 5 s): still reconnecting.
    await until(() => devnet.relay.stats().turnedAway >= before + 2)
    expect(portico.account.$account.get().status).toBe('reconnecting')
    expect(statuses).not.toContain('connected')

    devnet.relay.restore()
    await reconnect
    expect(portico.account.$account.get()).toMatchObject({
      status: 'connected',
      address: wallet.address(),
    })

    // The relay goes again: a signature request says so after 10 s instead of waiting for ever.
    devnet.relay.refuse()
    const active = use(connectionFeature).getActive('eip155')!
    const sign = () =>
      active.adapter.signing!.signMessage(active.connector, wallet.address(), 'still there?')
    const started = Date.now()
    const failure = await sign().catch((error: unknown) => error)
    expect(isPorticoError(failure, 'RELAY_UNAVAILABLE')).toBe(true)
    expect(Date.now() - started).toBeGreaterThanOrEqual(10_000)

    // Back: the same session signs.
    devnet.relay.restore()
    const signature = await sign()
    expect(
      await verifyMessage({
        address: wallet.address() as `0x${string}`,
        message: 'still there?',
        signature: signature as `0x${string}`,
      }),
    ).toBe(true)
    await portico.connection.disconnect()
  })

  it('disconnect ends a session with the relay down, and the next load does not restore it', async () => {
    const storage = createMemoryStorage()
    const { client: portico } = client(storage)
    await pair(portico)
    devnet.relay.refuse()
    await portico.connection.disconnect()
    expect(portico.account.$account.get().status).toBe('disconnected')
    portico.destroy()
    devnet.relay.restore()

    const { client: next } = client(storage)
    await next.connection.reconnect()
    expect(next.account.$account.get().status).toBe('disconnected')
    // Picking WalletConnect again pairs anew: no forgotten session connects by itself.
    void next.walletConnect.startPairing()
    await until(() => typeof next.walletConnect.$wcUri.get() === 'string')
    next.walletConnect.reset()
  })
})
