import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { connectionFeature } from '../connection/index.js'
import { connectorsFeature } from '../connectors/index.js'
import { isPorticoError } from '../errors/index.js'
import type { LogLevel } from '../logger/index.js'
import { errorMessage } from '../messages/index.js'
import { createMemoryStorage, type StorageAdapter } from '../storage/index.js'
import { unreachableFetch } from '../test-utils/client.js'
import {
  createFakeUniversalProvider,
  type FakeSession,
  type FakeUniversalProvider,
} from '../test-utils/fakeUniversalProvider.js'
import { createFakeWallet, TEST_ACCOUNTS } from '../test-utils/fakeWallet.js'
import { testNetworks } from '../test-utils/networks.js'
import { createInspectablePortico } from '../test-utils/portico.js'
import { track } from '../test-utils/track.js'
import { loadUniversalProvider } from './loadUniversalProvider.js'

// WalletConnect's own library is the edge of the world here: a fake client whose relay is up or
// down as each test says.
vi.mock('./loadUniversalProvider.js', async (original) => ({
  ...(await original<typeof import('./loadUniversalProvider.js')>()),
  loadUniversalProvider: vi.fn(),
}))

const cleanups: (() => void)[] = []
beforeAll(async () => {
  // Loaded once, so a test on fake timers does not race a module load against its clock.
  await import('../adapters/evm/createEvmAdapter.js')
}, 30_000)
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
  vi.useRealTimers()
  vi.mocked(loadUniversalProvider).mockReset()
})

/** Only the timers: promises and microtasks stay real, so fakes answer when told to. */
const fakeTimers = () =>
  vi.useFakeTimers({ now: 1_700_000_000_000, toFake: ['setTimeout', 'clearTimeout', 'Date'] })

/** Lets real I/O (a dynamic import) and promise chains finish, without moving the fake clock. */
async function until(condition: () => boolean) {
  const deadline = performance.now() + 10_000
  while (!condition() && performance.now() < deadline) {
    await new Promise((resolve) => setImmediate(resolve))
  }
  expect(condition()).toBe(true)
}

/** Each load of WalletConnect's code gives the next of these clients. */
function fakes<T extends FakeUniversalProvider[]>(...list: T): T {
  for (const fake of list) vi.mocked(loadUniversalProvider).mockResolvedValueOnce(fake.up)
  return list
}

const fake = (options: { relayUp?: boolean; session?: FakeSession } = {}) =>
  createFakeUniversalProvider({ now: () => Date.now(), ...options })

const SESSION: FakeSession = {
  topic: 'session-topic',
  accounts: [TEST_ACCOUNTS[0]],
  chainId: 31337,
  peer: { name: 'Phone Wallet', icons: [] },
}

function setup(storage: StorageAdapter = createMemoryStorage(), logLevel: LogLevel = 'silent') {
  const built = createInspectablePortico({
    projectId: 'p',
    networks: testNetworks,
    storage,
    logLevel,
    fetch: unreachableFetch,
    apiUrls: { relay: 'ws://127.0.0.1:9' },
  })
  cleanups.push(() => built.client.destroy())
  const connection = built.use(connectionFeature)
  return { ...built, client: built.client, connection, storage }
}

/** A client paired with a phone wallet over a relay that is up. */
async function paired(wallet: FakeUniversalProvider, storage?: StorageAdapter) {
  const portico = setup(storage)
  const pairing = portico.client.walletConnect.startPairing()
  await until(() => wallet.state.pairings[0]?.uri !== undefined)
  wallet.state.pairings[0]!.approve(SESSION)
  await pairing
  expect(portico.client.account.$account.get().status).toBe('connected')
  return portico
}

describe('WalletConnect with its relay down: pairing', () => {
  it('shows RELAY_UNAVAILABLE with Retry after 10 s without a URI, and pairs once the relay is back', async () => {
    fakeTimers()
    const [down, back] = fakes(fake({ relayUp: false }), fake())
    const { client } = setup()
    const pairing = track(client.walletConnect.startPairing())
    await until(() => down.state.pairings.length === 1)
    expect(client.walletConnect.$status.get()).toBe('connecting')
    expect(client.walletConnect.$buffering.get()).toBe(true)

    await vi.advanceTimersByTimeAsync(9_999)
    expect(client.walletConnect.$wcError.get()).toBeUndefined()
    expect(pairing.settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await until(() => pairing.settled)
    const error = client.walletConnect.$wcError.get()
    expect(error?.code).toBe('RELAY_UNAVAILABLE')
    expect(errorMessage(error!)).toEqual({
      key: 'error.RELAY_UNAVAILABLE',
      params: { step: 'pairing', seconds: 10 },
    })
    // What a developer reads in the console.
    expect(error?.message).toBe(
      'The WalletConnect relay could not be reached within 10 s (pairing)',
    )
    expect(client.walletConnect.$status.get()).toBe('disconnected')
    expect(client.walletConnect.$buffering.get()).toBe(false)
    expect(client.connection.$error.get()?.code).toBe('RELAY_UNAVAILABLE')
    // The client of the dead pairing is shut: no socket retried behind the user's back.
    expect(down.state.closed).toBe(true)
    expect(down.state.heartbeatStopped).toBe(true)
    expect(down.listenerCount()).toBe(0)

    // Retry, with the relay back: a new client, a URI, a session.
    const retried = client.walletConnect.retry()
    expect(client.walletConnect.$wcError.get()).toBeUndefined()
    await until(() => back.state.pairings[0]?.uri !== undefined)
    expect(client.walletConnect.$wcUri.get()).toBe(back.state.pairings[0]?.uri)
    back.state.pairings[0]!.approve(SESSION)
    expect((await retried)?.address).toBe(TEST_ACCOUNTS[0])
    expect(client.walletConnect.$status.get()).toBe('connected')
    expect(vi.mocked(loadUniversalProvider)).toHaveBeenCalledTimes(2)
  })

  it('tells the developer in the console why the pairing failed', async () => {
    fakeTimers()
    const [down] = fakes(fake({ relayUp: false }))
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    cleanups.push(() => warn.mockRestore())
    const { client } = setup(createMemoryStorage(), 'warn')
    const pairing = track(client.walletConnect.startPairing())
    await until(() => down.state.pairings.length === 1)
    await vi.advanceTimersByTimeAsync(10_000)
    await until(() => pairing.settled)
    expect(warn).toHaveBeenCalledWith(
      '[portico] WalletConnect pairing failed',
      expect.objectContaining({ code: 'RELAY_UNAVAILABLE' }),
    )
  })

  it('never shows a URI the dead attempt gets later', async () => {
    fakeTimers()
    const [down] = fakes(fake({ relayUp: false }))
    const { client } = setup()
    const pairing = client.walletConnect.startPairing()
    await until(() => down.state.pairings.length === 1)
    await vi.advanceTimersByTimeAsync(10_000)
    await pairing
    // The relay answers the shut client's old request after all.
    down.state.closed = false
    down.relay.up()
    await until(() => down.state.pairings[0]?.uri !== undefined)
    expect(client.walletConnect.$wcUri.get()).toBeUndefined()
    expect(client.walletConnect.$wcError.get()?.code).toBe('RELAY_UNAVAILABLE')
  })

  it('an approval the dead attempt gets later does not end the new pairing', async () => {
    fakeTimers()
    const [down, back] = fakes(fake({ relayUp: false }), fake())
    const { client } = setup()
    const pairing = client.walletConnect.startPairing()
    await until(() => down.state.pairings.length === 1)
    await vi.advanceTimersByTimeAsync(10_000)
    await pairing
    const retried = track(client.walletConnect.retry())
    await until(() => back.state.pairings[0]?.uri !== undefined)
    // The shut client reaches the relay after all, and the phone approves its old QR code.
    down.state.closed = false
    down.relay.up()
    await until(() => down.state.pairings[0]?.uri !== undefined)
    down.state.pairings[0]!.approve(SESSION)
    await new Promise((resolve) => setImmediate(resolve))
    expect(retried.settled).toBe(false)
    expect(client.walletConnect.$status.get()).toBe('connecting')
    back.state.pairings[0]!.approve(SESSION)
    await until(() => retried.settled)
    expect(retried.value?.address).toBe(TEST_ACCOUNTS[0])
  })

  it('a request waiting on the pairing is settled as aborted when the client is destroyed', async () => {
    const [wallet] = fakes(fake())
    const { client } = setup()
    // An app (or its wallet library) holding the EIP-1193 provider asks it directly.
    const asked = track(
      client.walletConnect.connector.provider!.request({ method: 'eth_requestAccounts' }),
    )
    await until(() => wallet.state.pairings[0]?.uri !== undefined)
    client.destroy()
    await until(() => asked.settled)
    expect(asked.error?.code).toBe('ABORTED')
  })

  it('gives a renewed URI the same 10 s when the pairing expires with the relay gone', async () => {
    fakeTimers()
    const [wallet] = fakes(fake())
    const { client } = setup()
    client.modal.open({ view: 'ConnectingWalletConnect' })
    const pairing = track(client.walletConnect.startPairing())
    await until(() => wallet.state.pairings[0]?.uri !== undefined)
    wallet.relay.down()
    // The URI expires after 300 s; its renewal cannot reach the relay.
    await vi.advanceTimersByTimeAsync(300_000)
    expect(wallet.state.pairings).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(9_999)
    expect(pairing.settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await until(() => pairing.settled)
    expect(client.walletConnect.$wcError.get()?.code).toBe('RELAY_UNAVAILABLE')
  })

  it('reports a load failure of WalletConnect as a clear error', async () => {
    vi.mocked(loadUniversalProvider).mockRejectedValueOnce(new TypeError('Failed to fetch chunk'))
    const { client } = setup()
    await client.walletConnect.startPairing()
    const error = client.walletConnect.$wcError.get()
    expect(error?.code).toBe('WALLET_ERROR')
    expect(error?.message).toBe('WalletConnect could not be loaded')
    expect(error?.cause).toMatchObject({ message: 'Failed to fetch chunk' })
  })
})

describe('WalletConnect when another wallet replaces the pairing', () => {
  it('settles the pairing and shuts its client, so a late approval connects nothing', async () => {
    const [wallet, fresh] = fakes(fake(), fake())
    const { client, use, connection } = setup()
    const browserWallet = createFakeWallet({ accounts: [TEST_ACCOUNTS[1]] })
    use(connectorsFeature).add({
      id: 'io.browser',
      name: 'Browser Wallet',
      type: 'ANNOUNCED',
      chain: 'eip155',
      provider: browserWallet.provider,
    })
    const pairing = client.walletConnect.startPairing()
    await until(() => wallet.state.pairings[0]?.uri !== undefined)

    await connection.connect({ connectorId: 'io.browser' })
    expect(await pairing).toBeUndefined()
    expect(wallet.state.closed).toBe(true)
    expect(wallet.listenerCount()).toBe(0)
    expect(client.walletConnect.$status.get()).toBe('disconnected')
    expect(client.walletConnect.$wcError.get()).toBeUndefined()

    // The phone approves the abandoned QR code afterwards: the browser wallet stays connected.
    wallet.state.pairings[0]!.approve(SESSION)
    await new Promise((resolve) => setImmediate(resolve))
    expect(connection.getActive('eip155')?.connector.id).toBe('io.browser')
    expect(client.account.$account.get().address).toBe(TEST_ACCOUNTS[1])
    expect(client.walletConnect.$status.get()).toBe('disconnected')

    // Going back to WalletConnect pairs afresh.
    const again = client.walletConnect.startPairing()
    await until(() => fresh.state.pairings[0]?.uri !== undefined)
    fresh.state.pairings[0]!.approve(SESSION)
    expect((await again)?.address).toBe(TEST_ACCOUNTS[0])
  })
})

describe('WalletConnect with its relay down: a restored session', () => {
  it('is reconnecting until the relay answers, then connected', async () => {
    const storage = createMemoryStorage()
    const [first] = fakes(fake())
    const before = await paired(first, storage)
    before.client.destroy()

    fakeTimers()
    const [restored] = fakes(fake({ relayUp: false, session: SESSION }))
    const { client } = setup(storage)
    const reconnect = track(client.connection.reconnect())
    await until(() => vi.mocked(loadUniversalProvider).mock.calls.length === 2)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(client.account.$account.get().status).toBe('reconnecting')
    expect(client.account.$account.get().address).toBeUndefined()
    expect(reconnect.settled).toBe(false)

    restored.relay.up()
    await until(() => reconnect.settled)
    expect(client.account.$account.get()).toMatchObject({
      status: 'connected',
      address: TEST_ACCOUNTS[0],
    })
    expect(client.walletConnect.$status.get()).toBe('connected')
  })

  it('ends the session here when the user disconnects while it waits for the relay', async () => {
    const storage = createMemoryStorage()
    const [first] = fakes(fake())
    ;(await paired(first, storage)).client.destroy()

    fakeTimers()
    const [restored] = fakes(fake({ relayUp: false, session: SESSION }))
    const { client } = setup(storage)
    const reconnect = track(client.connection.reconnect())
    await until(() => client.account.$account.get().status === 'reconnecting')
    await until(() => restored.listenerCount() > 0)
    const disconnect = track(client.connection.disconnect())
    await until(() => disconnect.settled)
    expect(disconnect.error).toBeUndefined()
    expect(client.account.$account.get().status).toBe('disconnected')
    await until(() => reconnect.settled)
    // The relay is down: after 10 s the wallet is given up on, and the session forgotten here.
    await vi.advanceTimersByTimeAsync(10_000)
    await until(() => restored.state.forgotten.length === 1)
    expect(restored.state.forgotten).toEqual(['session-topic'])
    expect(restored.state.deletions).toEqual([])
    expect(restored.up.session).toBeUndefined()
  })
})

describe('WalletConnect with its relay down: requests', () => {
  async function connected() {
    const [wallet] = fakes(fake())
    const portico = await paired(wallet)
    fakeTimers()
    const active = portico.connection.getActive('eip155')!
    const sign = () =>
      track(active.adapter.signing!.signMessage(active.connector, TEST_ACCOUNTS[0], 'hello'))
    return { ...portico, wallet, sign }
  }

  it('fails a signature request with RELAY_UNAVAILABLE after 10 s without the relay', async () => {
    const { wallet, sign } = await connected()
    wallet.relay.down()
    const signature = sign()
    await vi.advanceTimersByTimeAsync(9_999)
    expect(signature.settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await until(() => signature.settled)
    expect(signature.error?.code).toBe('RELAY_UNAVAILABLE')
    expect(signature.error?.details).toEqual({ step: 'request', seconds: 10 })
    expect(wallet.state.requests).toHaveLength(0)

    // The relay is back: the next request reaches the wallet and is answered.
    wallet.relay.up()
    const again = sign()
    await until(() => wallet.state.requests.length === 1)
    wallet.state.requests[0]!.answer(`0x${'11'.repeat(65)}`)
    await until(() => again.settled)
    expect(again.value).toBe(`0x${'11'.repeat(65)}`)
  })

  it('sends a request held for the relay as soon as it is back', async () => {
    const { wallet, sign } = await connected()
    wallet.relay.down()
    const signature = sign()
    await vi.advanceTimersByTimeAsync(5_000)
    expect(wallet.state.requests).toHaveLength(0)
    wallet.relay.up()
    await until(() => wallet.state.requests.length === 1)
    expect(wallet.state.requests[0]?.method).toBe('personal_sign')
    wallet.state.requests[0]!.answer(`0x${'22'.repeat(65)}`)
    await until(() => signature.settled)
    expect(signature.value).toBe(`0x${'22'.repeat(65)}`)
  })

  it('fails with WALLET_TIMEOUT when the wallet does not answer within 300 s', async () => {
    const { wallet, sign } = await connected()
    const signature = sign()
    await until(() => wallet.state.requests.length === 1)
    await vi.advanceTimersByTimeAsync(299_999)
    expect(signature.settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await until(() => signature.settled)
    expect(isPorticoError(signature.error, 'WALLET_TIMEOUT')).toBe(true)
    expect(errorMessage(signature.error!)).toEqual({
      key: 'error.WALLET_TIMEOUT',
      params: { request: 'personal_sign', seconds: 300 },
    })
    expect(signature.error?.message).toBe('The wallet did not answer personal_sign in 300 s')
  })

  it('fails with RELAY_UNAVAILABLE when the relay drops for 10 s while the wallet is asked', async () => {
    const { wallet, sign } = await connected()
    const signature = sign()
    await until(() => wallet.state.requests.length === 1)
    // A blip: back within 10 s, the answer still arrives (the relay keeps it in its mailbox).
    wallet.relay.down()
    await vi.advanceTimersByTimeAsync(9_000)
    wallet.relay.up()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(signature.settled).toBe(false)
    wallet.relay.down()
    await vi.advanceTimersByTimeAsync(9_999)
    expect(signature.settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await until(() => signature.settled)
    expect(signature.error?.code).toBe('RELAY_UNAVAILABLE')
  })

  it('answers chain and account questions from the session without the relay', async () => {
    const { wallet, connection } = await connected()
    wallet.relay.down()
    const { connector } = connection.getActive('eip155')!
    expect(await connector.provider!.request({ method: 'eth_chainId' })).toBe(31337)
  })

  it('disconnects at once with the relay down, forgetting the session here', async () => {
    const { client, wallet } = await connected()
    wallet.relay.down()
    const disconnect = track(client.connection.disconnect())
    await vi.advanceTimersByTimeAsync(10_000)
    await until(() => disconnect.settled)
    expect(disconnect.error).toBeUndefined()
    expect(client.account.$account.get().status).toBe('disconnected')
    expect(wallet.state.forgotten).toEqual(['session-topic'])
    // As WalletConnect names a disconnect by the user, and with the provider's stored copies gone.
    expect(wallet.state.forgetReasons).toEqual([{ code: 6000, message: 'User disconnected.' }])
    expect(wallet.state.cleanups).toBe(1)
    expect(wallet.up.session).toBeUndefined()
  })

  it('gives up on a disconnect the relay never acknowledges after 10 s, forgetting the session here', async () => {
    const { client, wallet } = await connected()
    // The relay takes the message and never confirms it.
    wallet.up.disconnect = () => new Promise<void>(() => undefined)
    const disconnect = track(client.connection.disconnect())
    await vi.advanceTimersByTimeAsync(9_999)
    expect(disconnect.settled).toBe(false)
    expect(wallet.state.forgotten).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    await until(() => disconnect.settled)
    expect(disconnect.error).toBeUndefined()
    expect(client.account.$account.get().status).toBe('disconnected')
    expect(wallet.state.forgotten).toEqual(['session-topic'])
  })

  it('tells the developer in the console when the session could not be ended here either', async () => {
    const storage = createMemoryStorage()
    const [wallet] = fakes(fake())
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    cleanups.push(() => warn.mockRestore())
    const { client } = setup(storage, 'warn')
    const pairing = client.walletConnect.startPairing()
    await until(() => wallet.state.pairings[0]?.uri !== undefined)
    wallet.state.pairings[0]!.approve(SESSION)
    await pairing
    fakeTimers()
    wallet.relay.down()
    // WalletConnect's session store refuses to forget it.
    const broken = new Error('session store unavailable')
    ;(wallet.up.client.session as unknown as { delete: () => never }).delete = () => {
      throw broken
    }
    void client.connection.disconnect().catch(() => undefined)
    await vi.advanceTimersByTimeAsync(20_000)
    const told = () =>
      warn.mock.calls.some(
        ([message]) => message === '[portico] ending the WalletConnect session failed',
      )
    await until(told)
    expect(warn).toHaveBeenCalledWith('[portico] ending the WalletConnect session failed', broken)
  })

  it('tells the wallet when the relay is up', async () => {
    const { client, wallet } = await connected()
    await client.connection.disconnect()
    expect(wallet.state.deletions).toEqual(['session-topic'])
    expect(wallet.state.forgotten).toEqual([])
  })
})
