import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ChainAdapter } from '../adapters/index.js'
import type { PorticoOptions } from '../client/index.js'
import { createMemoryStorage } from '../storage/index.js'
import { createFakeWallet, TEST_ACCOUNTS } from '../test-utils/fakeWallet.js'
import {
  cleanupAfterEach,
  createOfflinePortico,
  DOWN,
  DOWN_NETWORKS,
} from '../test-utils/offline.js'
import { claimStorageKey } from '../test-utils/portico.js'

// The connected account's name and avatar (`client.identity.$profile`): read from the identity
// service when an account connects, dropped when it leaves. The service and the wallet are the
// edge of the world; the service can hold an answer back, or fail.

const ALICE: string = TEST_ACCOUNTS[0]
const BOB: string = TEST_ACCOUNTS[1]
const ALICE_AVATAR = 'https://img.test/alice.png'
const START = 1_700_000_000_000

const cleanup = cleanupAfterEach()
afterEach(() => {
  vi.restoreAllMocks()
})

function identityService() {
  const names: Record<string, { name: string | null; avatar: string | null }> = {
    [ALICE]: { name: 'alice.eth', avatar: ALICE_AVATAR },
    [BOB]: { name: 'bob.eth', avatar: null },
  }
  const state = { failing: false, held: new Set<string>() }
  const waiting = new Map<string, () => void>()
  const asked: string[] = []
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input))
    if (url.pathname === '/v1/profile/account' && init?.method === 'POST') {
      return Response.json({ success: true })
    }
    const address = url.pathname.match(/^\/v1\/identity\/(.+)$/)?.[1]
    if (!address) return Response.json({ error: 'not here' }, { status: 404 })
    asked.push(address)
    if (state.held.has(address)) {
      await new Promise<void>((resolve) => waiting.set(address, resolve))
    }
    if (state.failing) return Response.json({ error: 'down' }, { status: 500 })
    return Response.json(names[address] ?? { name: null, avatar: null })
  }
  return {
    state,
    asked,
    fetch,
    /** Lets the answer held back for `address` go. */
    release(address: string) {
      state.held.delete(address)
      waiting.get(address)?.()
    },
  }
}

function setup(options: Partial<PorticoOptions> = {}) {
  const wallet = createFakeWallet()
  wallet.override('personal_sign', () => `0x${'ab'.repeat(65)}`)
  const service = identityService()
  const clock = { now: START }
  const { client } = createOfflinePortico(cleanup, {
    networks: [DOWN_NETWORKS[0], DOWN_NETWORKS[1]],
    apiUrls: { blockchain: 'http://api.test', toolkit: 'http://api.test' },
    fetch: service.fetch,
    now: () => clock.now,
    connectors: [{ id: 'fake', name: 'Fake', provider: wallet.provider }],
    ...options,
  })
  const connect = () => client.connection.connect({ connectorId: 'fake' })
  return { client, wallet, service, clock, connect }
}

const NO_PROFILE = { name: undefined, avatar: undefined }

describe("the connected account's profile", () => {
  it('is empty before any wallet connects', () => {
    const { client } = setup()
    expect(client.identity.$profile.get()).toEqual(NO_PROFILE)
  })

  it("shows the account's name and avatar once read, and nothing after a disconnect", async () => {
    const { client, connect } = setup()
    await connect()
    await vi.waitFor(() =>
      expect(client.identity.$profile.get()).toEqual({ name: 'alice.eth', avatar: ALICE_AVATAR }),
    )
    await client.connection.disconnect()
    expect(client.identity.$profile.get()).toEqual(NO_PROFILE)
    expect(client.account.$accounts.get()).toEqual({})
  })

  it("never shows the previous account's name for a new account whose name is not read yet", async () => {
    const { client, wallet, service, connect } = setup()
    await connect()
    await vi.waitFor(() => expect(client.identity.$profile.get().name).toBe('alice.eth'))
    service.state.held.add(BOB)
    wallet.emit('accountsChanged', [BOB])
    await vi.waitFor(() => expect(service.asked).toContain(BOB))
    expect(client.connection.$address.get()).toBe(BOB)
    expect(client.identity.$profile.get()).toEqual(NO_PROFILE)
    service.release(BOB)
    await vi.waitFor(() =>
      expect(client.identity.$profile.get()).toEqual({ name: 'bob.eth', avatar: undefined }),
    )
  })

  it("keeps the new account's name when the previous account's answer comes in late", async () => {
    const { client, wallet, service, connect } = setup()
    service.state.held.add(ALICE)
    await connect()
    await vi.waitFor(() => expect(service.asked).toContain(ALICE))
    wallet.emit('accountsChanged', [BOB])
    await vi.waitFor(() => expect(client.identity.$profile.get().name).toBe('bob.eth'))
    service.release(ALICE)
    await client.identity.fetchIdentity(ALICE)
    // Everything Alice's answer sets off is done by the next macrotask.
    await new Promise((resolve) => setImmediate(resolve))
    expect(client.identity.$profile.get()).toEqual({ name: 'bob.eth', avatar: undefined })
  })

  it('is not read again when only the chain changes: a name does not depend on it', async () => {
    const { client, service, clock, connect } = setup()
    await connect()
    await vi.waitFor(() => expect(client.identity.$profile.get().name).toBe('alice.eth'))
    // Past the 5-minute cache: a new read would ask the service.
    clock.now += 5 * 60_000 + 1
    await client.connection.switchNetwork(DOWN_NETWORKS[1])
    expect(client.connection.$caipAddress.get()).toBe(`eip155:31338:${ALICE}`)
    // A lookup of another address goes after any read the chain change would have started.
    await client.identity.fetchIdentity(BOB)
    expect(service.asked).toEqual([ALICE, BOB])
    expect(client.identity.$profile.get()).toEqual({ name: 'alice.eth', avatar: ALICE_AVATAR })
  })

  it('is not read for an account outside eip155, where there are no names', async () => {
    const SOLANA_ADDRESS = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'
    const MAINNET = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
    const solana: ChainAdapter = {
      namespace: 'solana',
      isAddress: () => true,
      connection: {
        connect: async () => ({ addresses: [SOLANA_ADDRESS], chainReference: MAINNET }),
        reconnect: async () => undefined,
        disconnect: async () => undefined,
        subscribe: () => () => undefined,
      },
    }
    const { client, service } = setup({
      networks: [
        {
          id: `solana:${MAINNET}`,
          name: 'Solana',
          nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
          rpcUrls: { http: [DOWN] },
        },
      ],
      adapters: { solana: async () => solana },
      connectors: [
        { id: 'sol', name: 'Sol', chain: 'solana', provider: createFakeWallet().provider },
      ],
    })
    await client.connection.connect({ connectorId: 'sol' })
    expect(client.connection.$address.get()).toBe(SOLANA_ADDRESS)
    // A lookup made now goes after any read the connection would have started.
    await client.identity.fetchIdentity(BOB)
    expect(service.asked).toEqual([BOB])
    expect(client.identity.$profile.get()).toEqual(NO_PROFILE)
  })

  it('stays empty when the service fails, and says so in the console', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    // The balance read of the chain that is down is printed too.
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { client, service, connect } = setup({ logLevel: 'warn' })
    service.state.failing = true
    await connect()
    await vi.waitFor(() =>
      expect(warn.mock.calls.map((call) => call[0])).toContain(
        '[portico] could not load the account name',
      ),
    )
    expect(client.identity.$profile.get()).toEqual(NO_PROFILE)
  })
})

describe('a name read once', () => {
  it('is not asked again for 5 minutes, then is; kept across a reload', async () => {
    const storage = createMemoryStorage()
    const { client, service, clock } = setup({ storage })
    await client.identity.fetchIdentity(BOB)
    clock.now += 5 * 60_000 - 1
    await expect(client.identity.fetchIdentity(BOB)).resolves.toMatchObject({ name: 'bob.eth' })
    expect(service.asked).toEqual([BOB])
    // The same page loaded again, still within the 5 minutes: read from what was stored.
    const again = setup({ storage })
    again.clock.now = clock.now
    await again.client.identity.fetchIdentity(BOB)
    expect(again.service.asked).toEqual([])
    expect(JSON.parse(storage.getItem('@portico/identity_cache') ?? '{}')).toHaveProperty(
      BOB.toLowerCase(),
    )
    clock.now += 1
    await client.identity.fetchIdentity(BOB)
    expect(service.asked).toEqual([BOB, BOB])
  })

  it("its storage key is identity's own: another feature claiming it is refused", () => {
    expect(claimStorageKey('identity_cache')).toThrow(
      'Storage key identity_cache is claimed by identity and squatter',
    )
  })
})

describe('a name just registered', () => {
  it('is shown at once, with the avatar the account already had', async () => {
    const { client, connect } = setup()
    await connect()
    await vi.waitFor(() => expect(client.identity.$profile.get().name).toBe('alice.eth'))
    // The service still answers the old name: the new one is shown without asking it.
    await client.names.registerName('Bobby')
    expect(client.identity.$profile.get()).toEqual({
      name: 'bobby.reown.id',
      avatar: ALICE_AVATAR,
    })
  })

  it('is shown at once for an account whose profile could not be read, without an avatar', async () => {
    const { client, service, connect } = setup()
    service.state.failing = true
    await connect()
    await vi.waitFor(() => expect(service.asked).toEqual([ALICE]))
    await expect(client.names.registerName('Bobby')).resolves.toBe('bobby.reown.id')
    expect(client.identity.$profile.get()).toEqual({ name: 'bobby.reown.id', avatar: undefined })
  })
})
