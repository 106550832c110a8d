// @vitest-environment happy-dom
import fc from 'fast-check'
import { atom } from 'nanostores'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { bitcoin, solana } from '../chains/index.js'
import { createPortico } from '../client/index.js'
import { createLogger } from '../logger/index.js'
import { testNetworks } from '../test-utils/networks.js'
import { createConnectors } from './createConnectors.js'
import type { Connector } from './types.js'
import {
  discoverStandardWallets,
  satsConnectConnectors,
  standardWalletConnectors,
  supportsNamespace,
} from './walletStandard.js'

// Wallets at the edge of the world: objects a browser extension registers through the Wallet
// Standard's events (or lists in `window.btc_providers`), built here as the extension would.

const ICON = 'data:image/svg+xml;base64,PHN2Zy8+'
const connect = { version: '1.0.0', connect: async () => ({ accounts: [] }) }

function solanaWallet(name = 'Phantom', extra: Record<string, unknown> = {}) {
  return {
    version: '1.0.0',
    name,
    icon: ICON,
    chains: ['solana:mainnet'],
    features: { 'standard:connect': connect, 'solana:signMessage': {} },
    accounts: [],
    ...extra,
  }
}

function bitcoinWallet(name = 'Unisat', features: Record<string, unknown> = {}) {
  return {
    version: '1.0.0',
    name,
    icon: ICON,
    chains: ['bitcoin:mainnet'],
    features: { 'bitcoin:connect': { connect: async () => ({}) }, ...features },
    accounts: [],
  }
}

/** What a wallet does once loaded: dispatch its register event, and listen for app-ready. */
function registerWallet(target: Window, wallet: unknown) {
  let unregister: (() => void) | undefined
  const callback = ({ register }: { register: (...w: unknown[]) => () => void }) => {
    unregister = register(wallet)
  }
  target.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }))
  return () => unregister?.()
}

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  Reflect.deleteProperty(window, 'btc_providers')
  Reflect.deleteProperty(window, 'XverseProviders')
  Reflect.deleteProperty(window, 'LeatherProvider')
})

function discover(namespaces: ('solana' | 'bip122')[] = ['solana', 'bip122']) {
  const lists: (readonly Connector[])[] = []
  const invalid: unknown[] = []
  const stop = discoverStandardWallets(
    window,
    namespaces,
    (connectors) => lists.push(connectors),
    (error) => invalid.push(error),
  )
  stops.push(stop)
  const ids = () => (lists.at(-1) ?? []).map((c) => c.id)
  return { lists, invalid, stop, ids }
}

describe('Wallet Standard discovery', () => {
  it('lists a wallet that registers after the app, and one that was waiting for app-ready', () => {
    // A wallet loaded before the app listens for app-ready and registers through its detail.
    const early = solanaWallet('Early')
    const onReady = (event: Event) =>
      (event as CustomEvent<{ register: (w: unknown) => void }>).detail.register(early)
    window.addEventListener('wallet-standard:app-ready', onReady)
    stops.push(() => window.removeEventListener('wallet-standard:app-ready', onReady))
    const { ids, lists } = discover()
    expect(ids()).toEqual(['wallet-standard:solana:Early'])
    stops.push(registerWallet(window, solanaWallet('Late')))
    expect(ids()).toEqual(['wallet-standard:solana:Early', 'wallet-standard:solana:Late'])
    const late = lists.at(-1)?.[1]
    expect(late).toMatchObject({ name: 'Late', type: 'ANNOUNCED', chain: 'solana', imageUrl: ICON })
  })

  it('says app-ready once, with an API a wallet cannot replace', () => {
    const apis: unknown[] = []
    const onReady = (event: Event) => apis.push((event as CustomEvent).detail)
    window.addEventListener('wallet-standard:app-ready', onReady)
    stops.push(() => window.removeEventListener('wallet-standard:app-ready', onReady))
    discover()
    expect(apis).toHaveLength(1)
    const api = apis[0] as { register: unknown }
    expect(Object.isFrozen(api)).toBe(true)
    expect(() => {
      ;(api as { register: unknown }).register = () => undefined
    }).toThrow()
  })

  it('drops a wallet when it unregisters, and lists one registered twice once', () => {
    const wallet = solanaWallet()
    const { ids } = discover()
    const unregister = registerWallet(window, wallet)
    const again = registerWallet(window, wallet)
    expect(ids()).toEqual(['wallet-standard:solana:Phantom'])
    // The second registration added nothing, so its unregister removes nothing.
    again()
    expect(ids()).toEqual(['wallet-standard:solana:Phantom'])
    unregister()
    expect(ids()).toEqual([])
  })

  it('unregistering one wallet keeps the others, in their order', () => {
    const { ids } = discover()
    stops.push(registerWallet(window, solanaWallet('A')))
    const b = registerWallet(window, solanaWallet('B'))
    stops.push(registerWallet(window, solanaWallet('C')))
    b()
    expect(ids()).toEqual(['wallet-standard:solana:A', 'wallet-standard:solana:C'])
  })

  it('stops listening when stopped: a later wallet is not listed, nothing is published', () => {
    const { ids, lists, stop } = discover()
    stops.push(registerWallet(window, solanaWallet('A')))
    const count = lists.length
    stop()
    const unregister = registerWallet(window, solanaWallet('B'))
    unregister()
    expect(lists).toHaveLength(count)
    expect(ids()).toEqual(['wallet-standard:solana:A'])
  })

  it('ignores a register event without a callback, and reports a callback that throws', () => {
    const { ids, invalid } = discover()
    window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: 'nope' }))
    expect(invalid).toEqual([])
    const boom = new Error('wallet crashed')
    window.dispatchEvent(
      new CustomEvent('wallet-standard:register-wallet', {
        detail: () => {
          throw boom
        },
      }),
    )
    expect(invalid).toEqual([boom])
    expect(ids()).toEqual([])
  })

  it('gives a wallet of both namespaces one connector per namespace the app lists', () => {
    const both = {
      ...solanaWallet('Both'),
      chains: ['solana:mainnet', 'bitcoin:mainnet'],
      features: { 'standard:connect': connect, 'bitcoin:signPsbt': {} },
    }
    const all = discover()
    stops.push(registerWallet(window, both))
    expect(all.ids()).toEqual(['wallet-standard:solana:Both', 'wallet-standard:bip122:Both'])
    expect(all.lists.at(-1)?.map((c) => c.chain)).toEqual(['solana', 'bip122'])
    all.stop()
    const solanaOnly = discover(['solana'])
    stops.push(registerWallet(window, both))
    expect(solanaOnly.ids()).toEqual(['wallet-standard:solana:Both'])
  })
})

describe('Wallet Standard discovery: unregistering and stopping', () => {
  it('unregistering twice removes the wallet once, never another one', () => {
    const { ids } = discover()
    const a = registerWallet(window, solanaWallet('A'))
    stops.push(registerWallet(window, solanaWallet('B')))
    a()
    a()
    expect(ids()).toEqual(['wallet-standard:solana:B'])
  })

  it('once stopped: no list is published, and a wallet registering gets no API', () => {
    const { lists, stop } = discover()
    const unregister = registerWallet(window, solanaWallet('A'))
    const count = lists.length
    stop()
    unregister()
    expect(lists).toHaveLength(count)
    const callback = vi.fn()
    window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }))
    expect(callback).not.toHaveBeenCalled()
  })
})

describe('which wallets count for a namespace', () => {
  const features = (keys: string[]) =>
    Object.fromEntries(keys.map((key) => [key, key.endsWith(':connect') ? connect : {}]))

  it('Solana: standard:connect and a solana: chain', () => {
    const sol = ['solana:mainnet']
    expect(
      supportsNamespace({ chains: sol, features: features(['standard:connect']) }, 'solana'),
    ).toBe(true)
    expect(supportsNamespace({ chains: sol, features: {} }, 'solana')).toBe(false)
    expect(
      supportsNamespace(
        { chains: ['ethereum:1'], features: features(['standard:connect']) },
        'solana',
      ),
    ).toBe(false)
    // A connect feature without a connect function is no connect feature.
    expect(
      supportsNamespace(
        { chains: sol, features: { 'standard:connect': { connect: 1 } } },
        'solana',
      ),
    ).toBe(false)
  })

  it('Bitcoin: bitcoin:connect alone, or standard:connect with a Bitcoin chain and feature', () => {
    expect(
      supportsNamespace({ chains: [], features: features(['bitcoin:connect']) }, 'bip122'),
    ).toBe(true)
    for (const chain of ['bitcoin:mainnet', 'bip122:000000000019d6689c085ae165831e93']) {
      expect(
        supportsNamespace(
          { chains: [chain], features: features(['standard:connect', 'bitcoin:signPsbt']) },
          'bip122',
        ),
      ).toBe(true)
    }
    // Without a Bitcoin feature, or without a Bitcoin chain, or without connect: not a Bitcoin wallet.
    expect(
      supportsNamespace(
        { chains: ['bitcoin:mainnet'], features: features(['standard:connect']) },
        'bip122',
      ),
    ).toBe(false)
    expect(
      supportsNamespace(
        {
          chains: ['solana:mainnet'],
          features: features(['standard:connect', 'bitcoin:signPsbt']),
        },
        'bip122',
      ),
    ).toBe(false)
    expect(
      supportsNamespace(
        { chains: ['bitcoin:mainnet'], features: features(['bitcoin:signPsbt']) },
        'bip122',
      ),
    ).toBe(false)
  })
})

describe('a registered object is untrusted', () => {
  it('cleans the name, drops an icon that is not an image, and keeps the wallet object', () => {
    const wallet = solanaWallet('  Phan\u0000tom  ', { icon: 'javascript:alert(1)' })
    const [connector] = standardWalletConnectors(wallet, ['solana'])
    expect(connector?.name).toBe('Phantom')
    expect(connector?.id).toBe('wallet-standard:solana:Phantom')
    expect(connector?.imageUrl).toBeUndefined()
    expect(connector?.wallet).toBe(wallet)
  })

  it('gives no connector for a wallet without a name, features, or a list of string chains', () => {
    const bad = [
      null,
      'wallet',
      solanaWallet('   '),
      { ...solanaWallet(), features: null },
      { ...solanaWallet(), chains: 'solana:mainnet' },
      { ...solanaWallet(), chains: ['solana:mainnet', 7] },
      // 64 chains is the most read from one wallet: 65 is a flood.
      { ...solanaWallet(), chains: Array.from({ length: 65 }, (_, i) => `solana:${i}`) },
      {
        ...solanaWallet(),
        get chains() {
          throw new Error('getter')
        },
      },
    ]
    for (const wallet of bad) expect(standardWalletConnectors(wallet, ['solana'])).toEqual([])
    const sixtyFour = { ...solanaWallet(), chains: Array.from({ length: 64 }, () => 'solana:x') }
    expect(standardWalletConnectors(sixtyFour, ['solana'])).toHaveLength(1)
  })

  it('a name is at most 64 characters', () => {
    const [connector] = standardWalletConnectors(solanaWallet('W'.repeat(100)), ['solana'])
    expect(connector?.name.length).toBeLessThanOrEqual(64)
  })

  it('never throws, and what it lists has a clean name and a safe icon (property)', () => {
    fc.assert(
      fc.property(
        fc.record({
          name: fc.oneof(fc.string(), fc.anything()),
          icon: fc.oneof(fc.constant(ICON), fc.string(), fc.anything()),
          chains: fc.oneof(
            fc.array(fc.constantFrom('solana:mainnet', 'bitcoin:mainnet', 'x:y')),
            fc.anything(),
          ),
          features: fc.oneof(
            fc.constant({ 'standard:connect': connect, 'bitcoin:x': {} }),
            fc.anything(),
          ),
        }),
        (wallet) => {
          for (const c of standardWalletConnectors(wallet, ['solana', 'bip122'])) {
            expect(c.name.length).toBeGreaterThan(0)
            expect(c.name.length).toBeLessThanOrEqual(64)
            expect(c.name).toBe(c.name.trim())
            expect(c.id).toBe(`wallet-standard:${c.chain}:${c.name}`)
            if (c.imageUrl !== undefined) expect(c.imageUrl).toMatch(/^(https?:|data:image\/)/)
          }
        },
      ),
      { numRuns: 1_000 },
    )
  })
})

describe('sats-connect wallets (window.btc_providers)', () => {
  const provider = () => ({ request: async () => ({ result: null }) })

  it('lists a provider at a dotted path on window, and not a Wallet Standard duplicate', () => {
    const xverse = provider()
    const leather = provider()
    Object.assign(window, {
      XverseProviders: { BitcoinProvider: xverse },
      LeatherProvider: leather,
      btc_providers: [
        { id: 'XverseProviders.BitcoinProvider', name: 'Xverse', icon: ICON },
        { id: 'LeatherProvider', name: 'Leather', icon: 'javascript:x' },
      ],
    })
    const { ids, lists } = discover(['bip122'])
    expect(ids()).toEqual([
      'sats-connect:XverseProviders.BitcoinProvider',
      'sats-connect:LeatherProvider',
    ])
    expect(lists.at(-1)?.[0]).toMatchObject({
      name: 'Xverse',
      chain: 'bip122',
      type: 'ANNOUNCED',
      imageUrl: ICON,
      satsConnect: xverse,
    })
    expect(lists.at(-1)?.[1]?.imageUrl).toBeUndefined()
    // Xverse also registers through the Wallet Standard, naming its sats-connect provider: listed
    // once, as the Wallet Standard wallet.
    stops.push(
      registerWallet(
        window,
        bitcoinWallet('Xverse Wallet', { 'sats-connect:': { provider: xverse } }),
      ),
    )
    expect(ids()).toEqual(['wallet-standard:bip122:Xverse Wallet', 'sats-connect:LeatherProvider'])
    // A Wallet Standard wallet with the same name also hides the sats-connect entry.
    stops.push(registerWallet(window, bitcoinWallet('Leather')))
    expect(ids()).toEqual([
      'wallet-standard:bip122:Xverse Wallet',
      'wallet-standard:bip122:Leather',
    ])
  })

  it('is not read when the app lists no Bitcoin network', () => {
    Object.assign(window, {
      LeatherProvider: provider(),
      btc_providers: [{ id: 'LeatherProvider', name: 'Leather' }],
    })
    expect(discover(['solana']).ids()).toEqual([])
  })

  it('refuses paths that are not plain properties of window', () => {
    const target = {
      good: provider(),
      notOwn: Object.create({ inherited: provider() }),
      noRequest: { request: 'no' },
      btc_providers: [
        { id: '__proto__', name: 'Proto' },
        { id: 'constructor', name: 'Ctor' },
        { id: 'notOwn.inherited', name: 'Inherited' },
        { id: 'noRequest', name: 'No request' },
        { id: 'good;alert(1)', name: 'Injection' },
        { id: 'a.b.c.d.e', name: 'Too deep' },
        { id: 'missing', name: 'Missing' },
        { id: 7, name: 'Not a string' },
        'not an entry',
        { id: 'good', name: '   ' },
        { id: 'good', name: 'Good' },
        // The same provider under a second entry is listed once.
        { id: 'good', name: 'Good again' },
      ],
    }
    const skip = { names: new Set<string>(), providers: new Set<unknown>() }
    expect(satsConnectConnectors(target, skip).map((c) => [c.id, c.name])).toEqual([
      ['sats-connect:good', 'Good'],
    ])
  })

  it('only dotted paths of plain own properties: no odd names, no prototype keys, no functions', () => {
    const withOwn = (key: string) => {
      const target: Record<string, unknown> = {}
      Object.defineProperty(target, key, { value: provider(), enumerable: true })
      target.btc_providers = [{ id: key, name: `Wallet ${key}` }]
      return target
    }
    const skip = { names: new Set<string>(), providers: new Set<unknown>() }
    // A key that is no identifier: refused even though it is there.
    expect(satsConnectConnectors(withOwn('my-provider'), skip)).toEqual([])
    expect(satsConnectConnectors(withOwn('provider!'), skip)).toEqual([])
    // Prototype keys, even as own properties.
    for (const key of ['__proto__', 'prototype', 'constructor']) {
      expect(satsConnectConnectors(withOwn(key), skip), key).toEqual([])
    }
    // A path through a function is refused; five levels is one too many.
    const deep = { a: { b: { c: { d: { e: provider() } } } } }
    const fn = Object.assign(() => undefined, { p: provider() })
    expect(
      satsConnectConnectors(
        {
          fn,
          ...deep,
          btc_providers: [
            { id: 'fn.p', name: 'Through a function' },
            { id: 'a.b.c.d.e', name: 'Too deep' },
            // An id that is not a string, even one that reads as a path.
            { id: ['fn'], name: 'Array id' },
          ],
        },
        skip,
      ),
    ).toEqual([])
    expect(satsConnectConnectors(withOwn('plain_$Name1'), skip).map((c) => c.id)).toEqual([
      'sats-connect:plain_$Name1',
    ])
  })

  it('a Solana wallet of the same name does not hide a Bitcoin sats-connect wallet', () => {
    const leather = provider()
    Object.assign(window, {
      LeatherProvider: leather,
      btc_providers: [{ id: 'LeatherProvider', name: 'Leather' }],
    })
    const { ids } = discover(['solana', 'bip122'])
    stops.push(
      registerWallet(
        window,
        solanaWallet('Leather', {
          features: { 'standard:connect': connect, 'sats-connect:': { provider: leather } },
        }),
      ),
    )
    expect(ids()).toEqual(['wallet-standard:solana:Leather', 'sats-connect:LeatherProvider'])
  })

  it('reads at most 64 entries, and survives a throwing or missing list', () => {
    const target: Record<string, unknown> = {}
    const entries = Array.from({ length: 70 }, (_, i) => {
      target[`p${i}`] = provider()
      return { id: `p${i}`, name: `Wallet ${i}` }
    })
    target.btc_providers = entries
    const skip = { names: new Set<string>(), providers: new Set<unknown>() }
    const listed = satsConnectConnectors(target, skip)
    expect(listed).toHaveLength(64)
    expect(listed.at(-1)?.name).toBe('Wallet 63')
    expect(satsConnectConnectors({}, skip)).toEqual([])
    expect(satsConnectConnectors({ btc_providers: { id: 'x' } }, skip)).toEqual([])
    const throwing = Object.defineProperty({}, 'btc_providers', {
      get() {
        throw new Error('getter')
      },
    })
    expect(satsConnectConnectors(throwing, skip)).toEqual([])
  })

  it('a Wallet Standard feature getter that throws does not stop the list', () => {
    const hostile = bitcoinWallet('Hostile')
    Object.defineProperty(hostile.features, 'sats-connect:', {
      enumerable: true,
      get() {
        throw new Error('getter')
      },
    })
    const { ids } = discover(['bip122'])
    stops.push(registerWallet(window, hostile))
    expect(ids()).toEqual(['wallet-standard:bip122:Hostile'])
  })
})

describe('through createPortico', () => {
  const unusedAdapter = async (): Promise<never> => {
    throw new Error('no adapter in these tests')
  }
  const logger = createLogger({ level: 'silent' })

  it('an EVM-only app never registers as a Wallet Standard app', async () => {
    const ready = vi.fn()
    window.addEventListener('wallet-standard:app-ready', ready)
    stops.push(() => window.removeEventListener('wallet-standard:app-ready', ready))
    const client = createPortico({
      projectId: 'p',
      networks: testNetworks,
      storage: 'memory',
      logLevel: 'silent',
    })
    stops.push(() => client.destroy())
    client.connectors.startDiscovery()
    await vi.dynamicImportSettled()
    expect(ready).not.toHaveBeenCalled()
  })

  it('a Solana and Bitcoin app lists the Wallet Standard wallets, minus excluded ones', async () => {
    const client = createPortico({
      projectId: 'p',
      networks: [solana, bitcoin],
      storage: 'memory',
      logLevel: 'silent',
      excludeWalletIds: ['wallet-standard:solana:Blocked'],
      // No connection is made here: the adapters are never loaded.
      adapters: { solana: unusedAdapter, bip122: unusedAdapter },
    })
    stops.push(() => client.destroy())
    // Phantom was loaded first: it registers when the app says it is ready.
    const onReady = (event: Event) =>
      (event as CustomEvent<{ register: (w: unknown) => void }>).detail.register(
        solanaWallet('Phantom'),
      )
    window.addEventListener('wallet-standard:app-ready', onReady)
    stops.push(() => window.removeEventListener('wallet-standard:app-ready', onReady))
    client.connectors.startDiscovery()
    const announced = () =>
      client.connectors.$connectors
        .get()
        .filter((c) => c.type === 'ANNOUNCED')
        .map((c) => c.id)
    await vi.waitFor(() => expect(announced()).toEqual(['wallet-standard:solana:Phantom']))
    stops.push(registerWallet(window, solanaWallet('Blocked')))
    stops.push(registerWallet(window, bitcoinWallet('Unisat')))
    expect(announced()).toEqual(['wallet-standard:solana:Phantom', 'wallet-standard:bip122:Unisat'])
    // Destroying the client stops discovery: a wallet registered later is not listed.
    client.destroy()
    stops.push(registerWallet(window, solanaWallet('After')))
    expect(client.connectors.$connectors.get().map((c) => c.name)).not.toContain('After')
  })

  it('a discovered wallet cannot take the id of a connector the app brought', () => {
    let publish: ((c: readonly Connector[]) => void) | undefined
    const registry = createConnectors({
      $connectors: atom<readonly Connector[]>([]),
      options: { excludeWalletIds: [] },
      externalConnectors: [
        { id: 'wallet-standard:solana:Phantom', name: 'App Phantom', wallet: solanaWallet() },
      ],
      sources: [
        (_target, p) => {
          publish = p
          return () => undefined
        },
      ],
      logger,
      window,
    })
    stops.push(() => registry.stop())
    registry.startDiscovery()
    const fake = standardWalletConnectors(solanaWallet(), ['solana'])
    publish?.([...fake, ...fake])
    expect(registry.$connectors.get().map((c) => [c.id, c.type])).toEqual([
      ['wallet-standard:solana:Phantom', 'EXTERNAL'],
    ])
  })
})
