// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ChainAdapter } from '../adapters/index.js'
import { createPortico, type PorticoOptions } from '../client/index.js'
import { createMemoryStorage, type StorageAdapter } from '../storage/index.js'
import { rejection } from '../test-utils/auth.js'
import { TEST_ACCOUNTS } from '../test-utils/fakeWallet.js'
import { claimStorageKey } from '../test-utils/portico.js'

// Names through `client.names`: the profile service is the edge of the world (it answers, has no
// such name, fails, or answers a wrong shape), and so is the wallet that signs a registration.

const networks = [
  {
    id: 'eip155:31337',
    name: 'Devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { http: ['http://127.0.0.1:9'] },
  },
] as const satisfies PorticoOptions['networks']

const ME: string = TEST_ACCOUNTS[0]
const ALICE: string = TEST_ACCOUNTS[1]
const START = 1_700_000_000_000
const SIGNATURE = `0x${'ab'.repeat(65)}`

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

function setup(
  storage: StorageAdapter = createMemoryStorage(),
  { logLevel = 'silent', signs = true }: { logLevel?: 'silent' | 'warn'; signs?: boolean } = {},
) {
  const service = {
    status: 0,
    wrongShape: false,
    offline: false,
    names: new Map([['alice.reown.id', ALICE]]),
    /** Profiles answered as they are, for names the map above does not hold. */
    profiles: new Map<string, unknown>(),
  }
  const asked: URL[] = []
  const posted: unknown[] = []
  const clock = { now: START }
  const wallet = { refuse: false, signed: [] as string[] }
  const adapter: ChainAdapter = {
    namespace: 'eip155',
    isAddress: (a) => /^0x[0-9a-fA-F]{40}$/.test(a),
    connection: {
      connect: async () => ({ addresses: [ME], chainReference: '31337' }),
      reconnect: async () => undefined,
      disconnect: async () => undefined,
      subscribe: () => () => undefined,
    },
    signing: {
      request: async () => null,
      signMessage: async (_connector, _address, message) => {
        if (wallet.refuse) throw new Error('User rejected the request.')
        wallet.signed.push(message)
        return SIGNATURE
      },
    },
  }
  const profile = (name: string, address: string) => ({
    name,
    addresses: { '60': { address } },
    attributes: {},
  })
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input))
    asked.push(url)
    if (service.offline) throw new TypeError('Failed to fetch')
    if (service.status) return Response.json({ error: 'down' }, { status: service.status })
    if (service.wrongShape) return Response.json({ name: 42, suggestions: 'none' })
    const [, , , kind, rest] = url.pathname.split('/')
    if (url.pathname === '/v1/profile/account' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body))
      posted.push(body)
      return Response.json({ success: true })
    }
    if (kind === 'account' && rest && service.profiles.has(decodeURIComponent(rest))) {
      return Response.json(service.profiles.get(decodeURIComponent(rest)))
    }
    if (kind === 'account' && rest) {
      const address = service.names.get(decodeURIComponent(rest))
      return address
        ? Response.json(profile(decodeURIComponent(rest), address))
        : Response.json({ error: 'not found' }, { status: 404 })
    }
    if (kind === 'reverse' && rest) {
      return Response.json(
        [...service.names]
          .filter(([, address]) => address.toLowerCase() === rest.toLowerCase())
          .map(([name, address]) => profile(name, address)),
      )
    }
    if (kind === 'suggestions' && rest) {
      return Response.json({
        suggestions: [
          { name: `${rest}.reown.id`, registered: service.names.has(`${rest}.reown.id`) },
          { name: `${rest}-1.reown.id`, registered: false },
        ],
      })
    }
    return Response.json({ name: null, avatar: null })
  }
  const client = createPortico({
    projectId: 'p',
    networks,
    storage,
    logLevel,
    apiUrls: { blockchain: 'http://api.test', toolkit: 'http://api.test' },
    fetch,
    now: () => clock.now,
    connectors: [{ id: 'wallet', name: 'Wallet', provider: { request: async () => null } }],
    adapters: { eip155: async () => (signs ? adapter : { ...adapter, signing: undefined }) },
  })
  cleanups.push(() => client.destroy())
  const profileAsks = () => asked.filter((u) => u.pathname.startsWith('/v1/profile/'))
  return { client, service, asked, profileAsks, posted, clock, wallet, storage }
}

describe('resolving a name', () => {
  it('asks apiVersion 2 once, then answers from the 5-minute cache, even after a reload', async () => {
    const storage = createMemoryStorage()
    const { client, profileAsks, clock, service } = setup(storage)
    expect(await client.names.resolveName('  Alice.Reown.ID ')).toBe(ALICE)
    expect(profileAsks().map((u) => u.pathname)).toEqual(['/v1/profile/account/alice.reown.id'])
    expect(profileAsks()[0]?.searchParams.get('apiVersion')).toBe('2')
    service.names.set('alice.reown.id', ME)
    clock.now += 5 * 60_000 - 1
    expect(await client.names.resolveName('alice.reown.id')).toBe(ALICE)
    const reloaded = setup(storage)
    reloaded.clock.now = clock.now
    expect(await reloaded.client.names.resolveName('alice.reown.id')).toBe(ALICE)
    expect(reloaded.profileAsks()).toEqual([])
    clock.now += 1
    expect(await client.names.resolveName('alice.reown.id')).toBe(ME)
    expect(profileAsks()).toHaveLength(2)
  })

  it('a name nobody holds is undefined, and that answer is cached too', async () => {
    const { client, profileAsks } = setup()
    expect(await client.names.resolveName('nobody.reown.id')).toBeUndefined()
    expect(await client.names.resolveName('nobody.reown.id')).toBeUndefined()
    expect(profileAsks()).toHaveLength(1)
  })

  for (const [what, change] of [
    ['a service that fails (503)', (s: { status: number }) => Object.assign(s, { status: 503 })],
    [
      'a wrongly typed answer',
      (s: { wrongShape: boolean }) => Object.assign(s, { wrongShape: true }),
    ],
  ] as const) {
    it(`${what}: 'Error resolving name', nothing cached`, async () => {
      const { client, service, profileAsks } = setup()
      change(service as never)
      const error = await rejection(client.names.resolveName('alice.reown.id'))
      expect(error).toMatchObject({ code: 'NAME_RESOLVE_FAILED', message: 'Error resolving name' })
      service.status = 0
      service.wrongShape = false
      expect(await client.names.resolveName('alice.reown.id')).toBe(ALICE)
      expect(profileAsks()).toHaveLength(2)
    })
  }

  it('a name without an Ethereum address resolves to undefined (its other chains do not count)', async () => {
    const { client, service } = setup()
    service.profiles.set('sol.reown.id', {
      name: 'sol.reown.id',
      addresses: { '501': { address: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV' } },
      attributes: {},
    })
    expect(await client.names.resolveName('sol.reown.id')).toBeUndefined()
  })

  it("offline: 'Error resolving name', with the failed request as its cause", async () => {
    const { client, service } = setup()
    service.offline = true
    const error = await rejection(client.names.resolveName('alice.reown.id'))
    expect(error).toMatchObject({ code: 'NAME_RESOLVE_FAILED', message: 'Error resolving name' })
    expect(error.cause).toMatchObject({ code: 'API_ERROR' })
    service.status = 503
    service.offline = false
    const failed = await rejection(client.names.resolveName('alice.reown.id'))
    expect(failed.cause).toMatchObject({ code: 'API_ERROR', details: { status: 503 } })
  })

  it("keeps its answers in storage under '@portico/name_cache', addresses lower-cased", async () => {
    const storage = createMemoryStorage()
    const { client } = setup(storage)
    await client.names.resolveName('Alice.reown.id')
    await client.names.reverseLookup(ALICE)
    const stored = JSON.parse(storage.getItem('@portico/name_cache') ?? '{}')
    expect(stored).toEqual({
      'resolve:alice.reown.id': { timestamp: START, value: { address: ALICE } },
      [`reverse:${ALICE.toLowerCase()}`]: {
        timestamp: START,
        value: {
          profiles: [
            { name: 'alice.reown.id', addresses: { '60': { address: ALICE } }, attributes: {} },
          ],
        },
      },
    })
  })

  it('owns its storage key: another feature claiming name_cache is refused', () => {
    expect(claimStorageKey('name_cache')).toThrow(
      'Storage key name_cache is claimed by names and squatter',
    )
  })

  it('a cache entry that is no object at all is skipped, the others still serve', async () => {
    const storage = createMemoryStorage({
      '@portico/name_cache': JSON.stringify({
        'resolve:bad.reown.id': { timestamp: START, value: null },
        'resolve:worse.reown.id': { timestamp: START, value: 'x' },
        'resolve:alice.reown.id': { timestamp: START, value: { address: ME } },
      }),
    })
    const { client, profileAsks } = setup(storage)
    expect(await client.names.resolveName('alice.reown.id')).toBe(ME)
    expect(profileAsks()).toEqual([])
  })

  it('a tampered cache entry (not an address) is not used', async () => {
    const storage = createMemoryStorage({
      '@portico/name_cache': JSON.stringify({
        'resolve:alice.reown.id': { timestamp: START, value: { address: 'javascript:alert(1)' } },
        'reverse:0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266': {
          timestamp: START,
          value: { profiles: [{ name: 'x', addresses: {}, attributes: {} }] },
        },
      }),
    })
    const { client, profileAsks } = setup(storage)
    expect(await client.names.resolveName('alice.reown.id')).toBe(ALICE)
    expect(await client.names.reverseLookup(ME)).toEqual([])
    expect(profileAsks()).toHaveLength(2)
  })
})

describe('names of an address, and suggestions', () => {
  it('reverse lookup sends the address as sender, apiVersion 2, and is cached 5 minutes', async () => {
    const { client, profileAsks, clock } = setup()
    const profiles = await client.names.reverseLookup(ALICE)
    expect(profiles.map((p) => p.name)).toEqual(['alice.reown.id'])
    const [url] = profileAsks()
    expect(url?.pathname).toBe(`/v1/profile/reverse/${ALICE}`)
    expect(url?.searchParams.get('sender')).toBe(ALICE)
    expect(url?.searchParams.get('apiVersion')).toBe('2')
    await client.names.reverseLookup(ALICE.toLowerCase())
    expect(profileAsks()).toHaveLength(1)
    clock.now += 5 * 60_000
    await client.names.reverseLookup(ALICE)
    expect(profileAsks()).toHaveLength(2)
  })

  it("a failing reverse lookup: 'Error fetching names for address'", async () => {
    const { client, service } = setup()
    service.status = 503
    await expect(client.names.reverseLookup(ALICE)).rejects.toMatchObject({
      code: 'NAMES_FOR_ADDRESS_FAILED',
      message: 'Error fetching names for address',
    })
  })

  it('suggestions for the label, in the reown.id zone; an empty one asks nothing', async () => {
    const { client, profileAsks } = setup()
    expect(await client.names.suggestions('  Alice.reown.id ')).toEqual([
      { name: 'alice.reown.id', registered: true },
      { name: 'alice-1.reown.id', registered: false },
    ])
    const [url] = profileAsks()
    expect(url?.pathname).toBe('/v1/profile/suggestions/alice')
    expect(url?.searchParams.get('zone')).toBe('reown.id')
    expect(await client.names.suggestions('   ')).toEqual([])
    expect(await client.names.suggestions('.reown.id')).toEqual([])
    expect(profileAsks()).toHaveLength(1)
  })

  it("a failing reverse lookup keeps the failed request as the error's cause", async () => {
    const { client, service } = setup()
    service.status = 503
    const error = await rejection(client.names.reverseLookup(ALICE))
    expect(error.cause).toMatchObject({ code: 'API_ERROR', details: { status: 503 } })
    const suggestions = await rejection(client.names.suggestions('alice'))
    expect(suggestions).toMatchObject({ code: 'NAME_SUGGESTIONS_FAILED' })
    expect(suggestions.cause).toMatchObject({ code: 'API_ERROR', details: { status: 503 } })
  })

  it('only a trailing .reown.id is taken off a suggestion', async () => {
    const { client, profileAsks } = setup()
    await client.names.suggestions('my.reown.id.app')
    expect(profileAsks()[0]?.pathname).toBe('/v1/profile/suggestions/my.reown.id.app')
  })

  it("failing suggestions: 'Error fetching name suggestions'", async () => {
    const { client, service } = setup()
    service.wrongShape = true
    await expect(client.names.suggestions('alice')).rejects.toMatchObject({
      code: 'NAME_SUGGESTIONS_FAILED',
      message: 'Error fetching name suggestions',
    })
  })
})

describe('registering a name', () => {
  it('the wallet signs the name, address and time; the service gets coin type 60', async () => {
    const { client, posted, wallet, clock } = setup()
    await client.connection.connect({ connectorId: 'wallet' })
    const steps: unknown[] = []
    cleanups.push(client.names.$registerStep.listen((step) => steps.push(step)))
    expect(await client.names.registerName('Bobby')).toBe('bobby.reown.id')
    expect(steps).toEqual(['signing', 'submitting', undefined])
    const message = JSON.stringify({
      name: 'bobby.reown.id',
      address: ME,
      timestamp: Math.floor(clock.now / 1000),
    })
    expect(wallet.signed).toEqual([message])
    expect(posted).toEqual([{ coin_type: 60, address: ME, message, signature: SIGNATURE }])
    expect(client.names.$registration.get()).toMatchObject({
      status: 'success',
      data: 'bobby.reown.id',
    })
    // The new name resolves at once, without asking the service.
    expect(await client.names.resolveName('bobby.reown.id')).toBe(ME)
  })

  it("reads the account's identity fresh after a registration, not from its 5-minute cache", async () => {
    const { client, asked } = setup()
    await client.connection.connect({ connectorId: 'wallet' })
    const identityAsks = () => asked.filter((u) => u.pathname === `/v1/identity/${ME}`).length
    await client.identity.fetchIdentity(ME)
    await client.identity.fetchIdentity(ME)
    const before = identityAsks()
    expect(before).toBe(1)
    await client.names.registerName('Bobby')
    await client.identity.fetchIdentity(ME)
    expect(identityAsks()).toBe(2)
  })

  it('a name that breaks the rule is refused before the wallet is asked', async () => {
    const { client, wallet } = setup()
    await client.connection.connect({ connectorId: 'wallet' })
    for (const name of ['abc', 'bad_name', 'héllo']) {
      const error = await rejection(client.names.registerName(name))
      expect(error.code).toBe('INVALID_INPUT')
      expect(error.message).toBe(
        'Invalid name: it needs at least 4 characters, using only letters, digits and hyphens',
      )
    }
    expect(wallet.signed).toEqual([])
  })

  it("the refused name's error says which rule it broke", async () => {
    const { client } = setup()
    await client.connection.connect({ connectorId: 'wallet' })
    const error = await rejection(client.names.registerName('abc'))
    expect(error.details).toEqual({ message: { key: 'names.rule' } })
  })

  it("a wallet that cannot sign messages: 'Address or auth connector not found'", async () => {
    const { client, posted } = setup(undefined, { signs: false })
    await client.connection.connect({ connectorId: 'wallet' })
    await expect(client.names.registerName('bobby')).rejects.toMatchObject({
      code: 'ADDRESS_OR_AUTH_CONNECTOR_NOT_FOUND',
    })
    expect(posted).toEqual([])
  })

  it("forgets the account's cached names once it registers one", async () => {
    const { client, profileAsks } = setup()
    await client.connection.connect({ connectorId: 'wallet' })
    expect(await client.names.reverseLookup(ME)).toEqual([])
    await client.names.reverseLookup(ME)
    const reverseAsks = () => profileAsks().filter((u) => u.pathname.includes('/reverse/')).length
    expect(reverseAsks()).toBe(1)
    await client.names.registerName('bobby')
    await client.names.reverseLookup(ME)
    expect(reverseAsks()).toBe(2)
  })

  it("a refused signature is the error's cause, and the failure is logged as a warning", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    cleanups.push(() => warn.mockRestore())
    const { client, wallet } = setup(undefined, { logLevel: 'warn' })
    await client.connection.connect({ connectorId: 'wallet' })
    wallet.refuse = true
    const error = await rejection(client.names.registerName('bobby'))
    expect((error.cause as Error).message).toBe('User rejected the request.')
    expect(
      warn.mock.calls.flat().some((arg) => String(arg).includes('name registration failed')),
    ).toBe(true)
  })

  it("without a connected wallet: 'Address or auth connector not found'", async () => {
    const { client } = setup()
    await expect(client.names.registerName('bobby')).rejects.toMatchObject({
      code: 'ADDRESS_OR_AUTH_CONNECTOR_NOT_FOUND',
      message: 'Address or auth connector not found',
    })
  })

  it('a wallet that refuses, or a service that fails: an error, nothing registered', async () => {
    const { client, wallet, service, posted } = setup()
    await client.connection.connect({ connectorId: 'wallet' })
    wallet.refuse = true
    const refused = await rejection(client.names.registerName('bobby'))
    expect(refused).toMatchObject({
      code: 'API_ERROR',
      message: 'The name could not be registered',
    })
    expect(posted).toEqual([])
    expect(client.names.$registerStep.get()).toBeUndefined()
    wallet.refuse = false
    service.status = 503
    const failed = await rejection(client.names.registerName('bobby'))
    expect(failed).toMatchObject({ code: 'API_ERROR', details: { status: 503 } })
    expect(client.names.$registration.get().status).toBe('error')
    client.names.resetRegistration()
    expect(client.names.$registration.get().status).toBe('idle')
  })
})
