import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  createFakeUniversalProvider,
  type FakeSession,
  type FakeUniversalProvider,
} from '../test-utils/fakeUniversalProvider.js'
import { TEST_ACCOUNTS } from '../test-utils/fakeWallet.js'
import { track } from '../test-utils/track.js'
import { turns } from '../test-utils/turns.js'
import { createWalletConnectProvider } from '../test-utils/walletConnectProvider.js'
import type {
  WalletConnectAuthRequest,
  WalletConnectSignIn,
} from './createWalletConnectProvider.js'

afterEach(() => {
  vi.useRealTimers()
})

/** Only the timers: promises and microtasks stay real, so fakes answer when told to. */
const fakeTimers = () =>
  vi.useFakeTimers({ now: 1_700_000_000_000, toFake: ['setTimeout', 'clearTimeout', 'Date'] })

/** Lets promise chains finish, without moving the fake clock. */
const settle = () => turns()

const SESSION: FakeSession = {
  topic: 'session-topic',
  accounts: [TEST_ACCOUNTS[0]],
  chainId: 31337,
  peer: { name: 'Phone Wallet', icons: [] },
}

/** A session as WalletConnect's library holds it: the peer's metadata under `peer.metadata`. */
const withMetadata = (metadata: { name: string; icons?: string[] }): FakeSession =>
  ({ ...SESSION, peer: { metadata } }) as unknown as FakeSession

function setup(
  options: {
    fake?: FakeUniversalProvider
    load?: () => Promise<FakeUniversalProvider['up']>
    signIn?: () => WalletConnectSignIn | undefined
  } = {},
) {
  const fake = options.fake ?? createFakeUniversalProvider({ now: () => Date.now() })
  const uris: string[] = []
  const pairingErrors: unknown[] = []
  const load = vi.fn(options.load ?? (async () => fake.up))
  const provider = createWalletConnectProvider({
    load,
    namespaces: () => ({}),
    onUri: (uri) => uris.push(uri),
    onPairingError: (error) => pairingErrors.push(error),
    signIn: options.signIn,
  })
  return { provider, fake, uris, pairingErrors, load }
}

/** A load the test lets through when it says. */
function heldLoad(fake: FakeUniversalProvider) {
  let open!: () => void
  const arrived = new Promise<void>((resolve) => {
    open = resolve
  })
  return { load: () => arrived.then(() => fake.up), open }
}

const restored = (options: { relayUp?: boolean; session?: FakeSession } = {}) =>
  createFakeUniversalProvider({ now: () => Date.now(), session: SESSION, ...options })

/** A provider with an approved session over a relay that is up. */
async function connected(session: FakeSession = SESSION) {
  const built = setup()
  const asked = built.provider.request({ method: 'eth_requestAccounts' })
  await vi.waitFor(() => expect(built.fake.state.pairings[0]?.uri).toBeDefined())
  built.fake.state.pairings[0]!.approve(session)
  expect(await asked).toEqual([TEST_ACCOUNTS[0]])
  return built
}

describe('the WalletConnect EIP-1193 provider', () => {
  it('refuses a wallet request before any session with EIP-1193 code 4100 (unauthorized)', async () => {
    const fake = createFakeUniversalProvider({ now: () => Date.now() })
    const provider = createWalletConnectProvider({
      load: async () => fake.up,
      namespaces: () => ({}),
      onUri: () => undefined,
      onPairingError: () => undefined,
    })
    for (const method of ['personal_sign', 'eth_sendTransaction', 'eth_chainId']) {
      await expect(provider.request({ method, params: [] })).rejects.toEqual({
        code: 4100,
        message: 'No WalletConnect session: connect first',
      })
    }
    // Asking for the accounts without a session is not an error: there are none.
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
  })

  it('answers the accounts at once without a session, even with the relay down', async () => {
    const { provider } = setup({
      fake: createFakeUniversalProvider({ now: () => Date.now(), relayUp: false }),
    })
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
  })

  it('hands the wallet a refusal of a request back as it is, at once', async () => {
    const { provider, fake } = await connected()
    const signature = track(provider.request({ method: 'personal_sign', params: ['0x00'] }))
    await vi.waitFor(() => expect(fake.state.requests).toHaveLength(1))
    fake.state.requests[0]!.fail({ code: 4001, message: 'User rejected the request.' })
    await vi.waitFor(() => expect(signature.settled).toBe(true))
    expect(signature.error).toEqual({ code: 4001, message: 'User rejected the request.' })
  })

  it('names the request step when the relay drops for 10 s while the wallet is asked', async () => {
    const { provider, fake } = await connected()
    fakeTimers()
    const signature = track(provider.request({ method: 'personal_sign', params: ['0x00'] }))
    await vi.waitFor(() => expect(fake.state.requests).toHaveLength(1))
    fake.relay.down()
    await vi.advanceTimersByTimeAsync(10_000)
    await settle()
    expect(signature.error).toMatchObject({
      code: 'RELAY_UNAVAILABLE',
      message: 'The WalletConnect relay could not be reached within 10 s (request)',
      details: { step: 'request', seconds: 10 },
    })
  })

  it('a request waiting for the relay is not sent when the relay only reports another drop', async () => {
    const { provider, fake } = await connected()
    fakeTimers()
    fake.relay.down()
    const signature = track(provider.request({ method: 'personal_sign', params: ['0x00'] }))
    await settle()
    fake.relay.down()
    await settle()
    expect(fake.state.requests).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(10_000)
    await settle()
    expect(signature.error).toMatchObject({ code: 'RELAY_UNAVAILABLE' })
    expect(fake.state.requests).toHaveLength(0)
  })

  it('a request answered after the relay came back leaves no timer running, even when the relay drops later', async () => {
    const { provider, fake } = await connected()
    fakeTimers()
    fake.relay.down()
    const signature = track(provider.request({ method: 'personal_sign', params: ['0x00'] }))
    await settle()
    fake.relay.up()
    await vi.waitFor(() => expect(fake.state.requests).toHaveLength(1))
    fake.state.requests[0]!.answer('0x11')
    await vi.waitFor(() => expect(signature.value).toBe('0x11'))
    fake.relay.down()
    expect(vi.getTimerCount()).toBe(0)
  })

  it('a restored session asked for its accounts with the relay down waits for the relay to open, not for another drop', async () => {
    const fake = restored({ relayUp: false })
    const { provider } = setup({ fake })
    const accounts = track(provider.request({ method: 'eth_accounts' }))
    await settle()
    fake.relay.down()
    await settle()
    expect(accounts.settled).toBe(false)
    fake.relay.up()
    await vi.waitFor(() => expect(accounts.value).toEqual([TEST_ACCOUNTS[0]]))
  })

  it('with a restored session, a connection request answers its accounts without pairing', async () => {
    const { provider, fake } = setup({ fake: restored() })
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([TEST_ACCOUNTS[0]])
    expect(fake.state.pairings).toHaveLength(0)
  })

  it('a second connection request while one waits joins its pairing', async () => {
    const { provider, fake, uris } = setup()
    const first = provider.request({ method: 'eth_requestAccounts' })
    await vi.waitFor(() => expect(fake.state.pairings[0]?.uri).toBeDefined())
    const second = provider.request({ method: 'eth_requestAccounts' })
    await settle()
    expect(fake.state.pairings).toHaveLength(1)
    expect(uris).toHaveLength(1)
    fake.state.pairings[0]!.approve(SESSION)
    expect(await first).toEqual([TEST_ACCOUNTS[0]])
    expect(await second).toEqual([TEST_ACCOUNTS[0]])
  })

  it('a wallet event with nobody listening is dropped quietly', async () => {
    const { provider, fake } = setup()
    await provider.request({ method: 'eth_accounts' })
    expect(() => fake.emit('accountsChanged', [TEST_ACCOUNTS[1]])).not.toThrow()
  })
})

describe('its listeners', () => {
  it('every listener of an event hears it, and one removed hears nothing more', async () => {
    const { provider, fake } = setup()
    const first = vi.fn()
    const second = vi.fn()
    provider.on!('accountsChanged', first)
    provider.on!('accountsChanged', second)
    await provider.request({ method: 'eth_accounts' })
    fake.emit('accountsChanged', [TEST_ACCOUNTS[1]])
    expect(first).toHaveBeenCalledWith([TEST_ACCOUNTS[1]])
    expect(second).toHaveBeenCalledWith([TEST_ACCOUNTS[1]])
    provider.removeListener!('accountsChanged', first)
    fake.emit('accountsChanged', [TEST_ACCOUNTS[0]])
    expect(first).toHaveBeenCalledTimes(1)
    expect(second).toHaveBeenCalledTimes(2)
  })

  it('removing a listener of an event never listened to does nothing', () => {
    const { provider } = setup()
    expect(() => provider.removeListener!('chainChanged', () => undefined)).not.toThrow()
  })
})

describe('closing it', () => {
  it('a closed provider loads nothing more: requests are aborted', async () => {
    const { provider, load } = setup()
    await provider.close()
    await expect(provider.request({ method: 'eth_accounts' })).rejects.toMatchObject({
      code: 'ABORTED',
      message: 'WalletConnect was closed',
    })
    expect(load).not.toHaveBeenCalled()
  })

  it('a connection request made just before the close is cancelled', async () => {
    const { provider, fake } = setup()
    await provider.request({ method: 'eth_accounts' })
    const asked = provider.request({ method: 'eth_requestAccounts' })
    void provider.close()
    await expect(asked).rejects.toMatchObject({ code: 'ABORTED', message: 'Cancelled' })
    expect(fake.state.pairings).toHaveLength(0)
  })

  it('a connection request waiting on its pairing is aborted as closed', async () => {
    const { provider, fake } = setup()
    const asked = track(provider.request({ method: 'eth_requestAccounts' }))
    await vi.waitFor(() => expect(fake.state.pairings[0]?.uri).toBeDefined())
    await provider.close()
    await settle()
    expect(asked.error).toMatchObject({ code: 'ABORTED', message: 'WalletConnect was closed' })
  })

  it('closed while WalletConnect loads: the request is cancelled and the client that arrives is shut', async () => {
    const fake = createFakeUniversalProvider({ now: () => Date.now() })
    const held = heldLoad(fake)
    const { provider } = setup({ fake, load: held.load })
    const asked = track(provider.request({ method: 'eth_requestAccounts' }))
    await provider.close()
    held.open()
    await settle()
    expect(asked.error).toMatchObject({
      code: 'ABORTED',
      message: 'The WalletConnect pairing was cancelled',
    })
    expect(fake.state.pairings).toHaveLength(0)
    expect(fake.state.closed).toBe(true)
    expect(fake.listenerCount()).toBe(0)
  })

  it('shuts a client whose core has no heartbeat', async () => {
    const fake = createFakeUniversalProvider({ now: () => Date.now() })
    const core = (fake.up.client as unknown as { core: { heartbeat?: unknown } }).core
    delete core.heartbeat
    const { provider } = setup({ fake })
    await provider.request({ method: 'eth_accounts' })
    await expect(provider.close()).resolves.toBeUndefined()
    expect(fake.state.closed).toBe(true)
  })
})

describe('a load that fails', () => {
  it('is tried again on the next request', async () => {
    const fake = createFakeUniversalProvider({ now: () => Date.now() })
    const load = vi
      .fn<() => Promise<FakeUniversalProvider['up']>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch chunk'))
      .mockResolvedValue(fake.up)
    const { provider } = setup({ fake, load })
    await expect(provider.request({ method: 'eth_accounts' })).rejects.toMatchObject({
      code: 'WALLET_ERROR',
      message: 'WalletConnect could not be loaded',
    })
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    expect(load).toHaveBeenCalledTimes(2)
  })
})

/** A connection request whose pairing URI was renewed once: two proposals wait for the wallet. */
async function renewedOnce() {
  const { provider, fake, pairingErrors } = setup()
  const asked = provider.request({ method: 'eth_requestAccounts' })
  await vi.waitFor(() => expect(fake.state.pairings[0]?.uri).toBeDefined())
  provider.refreshPairing()
  await vi.waitFor(() => expect(fake.state.pairings[1]?.uri).toBeDefined())
  return { provider, fake, pairingErrors, asked }
}

describe('cancelling a pairing', () => {
  it('a connection request cancelled while WalletConnect loads is rejected with the reason and pairs nothing', async () => {
    const fake = createFakeUniversalProvider({ now: () => Date.now() })
    const held = heldLoad(fake)
    const { provider } = setup({ fake, load: held.load })
    const asked = track(provider.request({ method: 'eth_requestAccounts' }))
    const reason = new Error('Replaced by another wallet')
    provider.cancelPairing(reason)
    held.open()
    await settle()
    expect(asked.error).toBe(reason)
    expect(fake.state.pairings).toHaveLength(0)
  })

  it('leaves an approved session and its client alone', async () => {
    const { provider, fake } = await connected()
    provider.cancelPairing(new Error('Replaced by another wallet'))
    await settle()
    expect(fake.state.closed).toBe(false)
    expect(await provider.request({ method: 'eth_chainId' })).toBe(31337)
  })

  it('a renewed URI left behind that fails later is not reported', async () => {
    const { provider, fake, pairingErrors, asked } = await renewedOnce()
    fake.state.pairings[1]!.approve(SESSION)
    expect(await asked).toEqual([TEST_ACCOUNTS[0]])
    provider.cancelPairing(new Error('Replaced by another wallet'))
    fake.state.pairings[0]!.fail(new Error('Proposal expired'))
    await settle()
    expect(pairingErrors).toEqual([])
  })
})

describe('renewing the pairing', () => {
  it('starts nothing when no connection request waits', async () => {
    const { provider, fake } = setup()
    await provider.request({ method: 'eth_accounts' })
    provider.refreshPairing()
    await settle()
    expect(fake.state.pairings).toHaveLength(0)
  })

  it('the old URI failing does not fail the connection request, which the new one completes', async () => {
    const renewed = await renewedOnce()
    const { fake, pairingErrors } = renewed
    const asked = track(renewed.asked)
    fake.state.pairings[0]!.fail(new Error('Proposal expired'))
    await settle()
    expect(asked.settled).toBe(false)
    expect(pairingErrors).toEqual([])
    fake.state.pairings[1]!.approve(SESSION)
    await vi.waitFor(() => expect(asked.value).toEqual([TEST_ACCOUNTS[0]]))
  })

  it('both URIs approved: connected once, no error reported', async () => {
    const { fake, pairingErrors, asked } = await renewedOnce()
    fake.state.pairings[0]!.approve(SESSION)
    expect(await asked).toEqual([TEST_ACCOUNTS[0]])
    fake.state.pairings[1]!.approve(SESSION)
    await settle()
    expect(pairingErrors).toEqual([])
  })

  it('the new URI failing after the old one was approved keeps the session', async () => {
    const { provider, fake, pairingErrors, asked } = await renewedOnce()
    fake.state.pairings[0]!.approve(SESSION)
    expect(await asked).toEqual([TEST_ACCOUNTS[0]])
    const late = new Error('Proposal expired')
    fake.state.pairings[1]!.fail(late)
    await settle()
    expect(pairingErrors).toEqual([late])
    expect(fake.state.closed).toBe(false)
    expect(await provider.request({ method: 'eth_chainId' })).toBe(31337)
  })

  it('a pairing that timed out is reported once, even when its client fails it later', async () => {
    fakeTimers()
    const fake = createFakeUniversalProvider({ now: () => Date.now(), relayUp: false })
    const { provider, pairingErrors } = setup({ fake })
    const asked = track(provider.request({ method: 'eth_requestAccounts' }))
    await vi.waitFor(() => expect(fake.state.pairings).toHaveLength(1))
    await vi.advanceTimersByTimeAsync(10_000)
    await settle()
    expect(asked.error).toMatchObject({ code: 'RELAY_UNAVAILABLE' })
    // The shut client reaches the relay after all, and fails its old proposal.
    fake.state.closed = false
    fake.relay.up()
    await vi.waitFor(() => expect(fake.state.pairings[0]?.uri).toBeDefined())
    fake.state.pairings[0]!.fail(new Error('Proposal expired'))
    await settle()
    expect(pairingErrors).toHaveLength(1)
  })
})

describe('a sign-in within the approval', () => {
  const REQUEST: WalletConnectAuthRequest = {
    domain: 'app.example',
    uri: 'https://app.example',
    chains: ['eip155:31337'],
    nonce: 'n0nce',
    ttl: 300,
  }

  it('is not accepted when the wallet sends no CACAO with the session', async () => {
    const accept = vi.fn(async () => undefined)
    const { provider, fake } = setup({
      signIn: () => ({ request: async () => REQUEST, accept }),
    })
    const asked = provider.request({ method: 'eth_requestAccounts' })
    await vi.waitFor(() => expect(fake.state.pairings[0]?.uri).toBeDefined())
    fake.state.pairings[0]!.approve({ ...SESSION, authentication: [] } as FakeSession)
    expect(await asked).toEqual([TEST_ACCOUNTS[0]])
    expect(accept).not.toHaveBeenCalled()
  })

  it('a connect that gives back no session leaves no accounts and no error', async () => {
    const { provider, fake, pairingErrors } = setup({
      signIn: () => ({ request: async () => REQUEST, accept: async () => undefined }),
    })
    ;(fake.up as unknown as { connect: () => Promise<undefined> }).connect = async () => undefined
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([])
    expect(pairingErrors).toEqual([])
  })
})

describe('disconnecting', () => {
  it('before anything was loaded: nothing to end, nothing loaded', async () => {
    const { provider, load } = setup()
    await expect(provider.disconnect()).resolves.toBeUndefined()
    expect(load).not.toHaveBeenCalled()
  })

  it.each([true, false])(
    'without a session, ends at once and tells nobody (relay up: %s)',
    async (relayUp) => {
      fakeTimers()
      const fake = createFakeUniversalProvider({ now: () => Date.now(), relayUp })
      const disconnect = vi.spyOn(fake.up, 'disconnect')
      const { provider } = setup({ fake })
      await provider.request({ method: 'eth_accounts' })
      const ended = track(provider.disconnect())
      await settle()
      expect(ended.settled).toBe(true)
      expect(disconnect).not.toHaveBeenCalled()
    },
  )

  it('a session being restored while WalletConnect loads is ended once it is there', async () => {
    const fake = restored()
    const held = heldLoad(fake)
    const { provider } = setup({ fake, load: held.load })
    void provider.request({ method: 'eth_accounts' })
    const disconnect = track(provider.disconnect())
    held.open()
    await vi.waitFor(() => expect(disconnect.settled).toBe(true))
    expect(fake.state.deletions).toEqual(['session-topic'])
  })

  it('a second session is ended too', async () => {
    const { provider, fake } = await connected()
    await provider.disconnect()
    const again = provider.request({ method: 'eth_requestAccounts' })
    await vi.waitFor(() => expect(fake.state.pairings[1]?.uri).toBeDefined())
    fake.state.pairings[1]!.approve({ ...SESSION, topic: 'second-topic' })
    expect(await again).toEqual([TEST_ACCOUNTS[0]])
    await provider.disconnect()
    expect(fake.state.deletions).toEqual(['session-topic', 'second-topic'])
  })

  it('with the relay down, a session the wallet ended meanwhile leaves nothing to forget', async () => {
    const { provider, fake } = await connected()
    fakeTimers()
    fake.relay.down()
    const disconnect = track(provider.disconnect())
    await settle()
    fake.up.session = undefined
    await vi.advanceTimersByTimeAsync(10_000)
    await settle()
    expect(disconnect.settled).toBe(true)
    expect(disconnect.error).toBeUndefined()
    expect(fake.state.forgotten).toEqual([])
  })

  it('with the relay down, forgets the session of a client without its own clean-up', async () => {
    const { provider, fake } = await connected()
    delete (fake.up as unknown as { cleanup?: unknown }).cleanup
    fakeTimers()
    fake.relay.down()
    const disconnect = track(provider.disconnect())
    await vi.advanceTimersByTimeAsync(10_000)
    await settle()
    expect(disconnect.settled).toBe(true)
    expect(disconnect.error).toBeUndefined()
    expect(fake.state.forgotten).toEqual(['session-topic'])
    expect(fake.up.session).toBeUndefined()
  })
})

describe("the wallet's own metadata", () => {
  it('is unknown before anything loads, and without a session', async () => {
    const { provider } = setup()
    expect(provider.peer()).toBeUndefined()
    await provider.request({ method: 'eth_accounts' })
    expect(provider.peer()).toBeUndefined()
  })

  it('names the wallet, with its first icon', async () => {
    const { provider } = await connected(
      withMetadata({ name: 'Phone Wallet', icons: ['https://img.example/a.png', 'b.png'] }),
    )
    expect(provider.peer()).toEqual({ name: 'Phone Wallet', icon: 'https://img.example/a.png' })
  })

  it('a wallet that sends no icons has none', async () => {
    const { provider } = await connected(withMetadata({ name: 'Phone Wallet' }))
    expect(provider.peer()).toEqual({ name: 'Phone Wallet', icon: undefined })
  })
})
