// @vitest-environment happy-dom
import fc from 'fast-check'
import { atom } from 'nanostores'
import { afterEach, describe, expect, it } from 'vitest'
import { createLogger } from '../logger/index.js'
import { createFakeWallet } from '../test-utils/fakeWallet.js'
import { createConnectors } from './createConnectors.js'
import { parseAnnouncement } from './eip6963.js'
import type { Connector } from './types.js'

const logger = createLogger({ level: 'silent' })
const ICON = 'data:image/svg+xml;base64,PHN2Zy8+'
const cleanups: (() => void)[] = []

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
  Reflect.deleteProperty(window, 'ethereum')
})

function setup(excludeWalletIds: string[] = []) {
  const connectors = createConnectors({
    $connectors: atom<readonly Connector[]>([]),
    options: { excludeWalletIds },
    logger,
    window,
  })
  cleanups.push(() => connectors.stop())
  return connectors
}

describe('EIP-6963 discovery', () => {
  it('lists wallets announced before and after discovery starts', () => {
    const a = createFakeWallet()
    cleanups.push(a.announce(window, { name: 'Alpha', rdns: 'com.alpha', icon: ICON }))
    const connectors = setup()
    connectors.startDiscovery()
    const b = createFakeWallet()
    cleanups.push(b.announce(window, { name: 'Beta', rdns: 'com.beta' }))
    expect(connectors.$connectors.get().map((c) => [c.id, c.name, c.type])).toEqual([
      ['com.alpha', 'Alpha', 'ANNOUNCED'],
      ['com.beta', 'Beta', 'ANNOUNCED'],
    ])
    expect(connectors.get('com.alpha')?.imageUrl).toBe(ICON)
  })

  it('lists a wallet once when it announces twice', () => {
    const a = createFakeWallet()
    const connectors = setup()
    connectors.startDiscovery()
    cleanups.push(a.announce(window, { name: 'Alpha', rdns: 'com.alpha' }))
    cleanups.push(a.announce(window, { name: 'Alpha 2', rdns: 'com.alpha' }))
    expect(connectors.$connectors.get()).toHaveLength(1)
  })

  it('keeps the first provider of an id: a later announcement with the same rdns is ignored', () => {
    const warnings: unknown[][] = []
    const quiet = createLogger({ level: 'warn', sink: { warn: (...args) => warnings.push(args) } })
    const connectors = createConnectors({
      $connectors: atom<readonly Connector[]>([]),
      options: { excludeWalletIds: [] },
      logger: quiet,
      window,
    })
    cleanups.push(() => connectors.stop())
    connectors.startDiscovery()
    const real = createFakeWallet()
    const impostor = createFakeWallet()
    cleanups.push(real.announce(window, { name: 'MetaMask', rdns: 'io.metamask' }))
    cleanups.push(impostor.announce(window, { name: 'MetaMask (new)', rdns: 'io.metamask' }))
    expect(connectors.$connectors.get()).toHaveLength(1)
    expect(connectors.get('io.metamask')?.provider).toBe(real.provider)
    expect(connectors.get('io.metamask')?.name).toBe('MetaMask')
    expect(warnings).toHaveLength(1)
    expect(String(warnings[0]?.[0])).toContain('io.metamask')
    // The impostor's own name and uuid, so the developer can tell which extension it was.
    expect(warnings[0]?.[1]).toEqual({ name: 'MetaMask (new)', uuid: expect.any(String) })
    // Wallets announce again whenever the page asks: the same provider again is no warning.
    window.dispatchEvent(new Event('eip6963:requestProvider'))
    expect(connectors.get('io.metamask')?.provider).toBe(real.provider)
    expect(warnings).toHaveLength(2) // only the impostor's second announcement
  })

  it('an announcement cannot take the id of a connector the app brought', () => {
    const app = createFakeWallet()
    const connectors = createConnectors({
      $connectors: atom<readonly Connector[]>([]),
      options: { excludeWalletIds: [] },
      externalConnectors: [{ id: 'io.metamask', name: 'MetaMask SDK', provider: app.provider }],
      logger,
      window,
    })
    cleanups.push(() => connectors.stop())
    connectors.startDiscovery()
    cleanups.push(createFakeWallet().announce(window, { name: 'MetaMask', rdns: 'io.metamask' }))
    expect(connectors.$connectors.get().map((c) => [c.id, c.type])).toEqual([
      ['io.metamask', 'EXTERNAL'],
    ])
    expect(connectors.get('io.metamask')?.provider).toBe(app.provider)
  })

  it('lists a wallet that also sets window.ethereum once', () => {
    const a = createFakeWallet()
    Object.assign(window, { ethereum: a.provider })
    cleanups.push(a.announce(window, { name: 'Alpha', rdns: 'com.alpha' }))
    const connectors = setup()
    connectors.startDiscovery()
    expect(connectors.$connectors.get().map((c) => c.id)).toEqual(['com.alpha'])
  })

  it('offers the plain injected provider when nothing announces', () => {
    Object.assign(window, { ethereum: createFakeWallet().provider })
    const connectors = setup()
    connectors.startDiscovery()
    expect(connectors.$connectors.get().map((c) => [c.id, c.type, c.name, c.chain])).toEqual([
      ['injected', 'INJECTED', 'Browser Wallet', 'eip155'],
    ])
  })

  it('leaves out excluded wallets and announcements with bad metadata', () => {
    const connectors = setup(['com.blocked'])
    connectors.startDiscovery()
    const w = createFakeWallet()
    cleanups.push(w.announce(window, { name: 'Blocked', rdns: 'com.blocked' }))
    cleanups.push(w.announce(window, { name: '   ', rdns: 'com.blank' }))
    cleanups.push(w.announce(window, { name: 'No rdns', rdns: 'not a domain' }))
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: { info: { name: 'x' }, provider: {} },
      }),
    )
    expect(connectors.$connectors.get()).toEqual([])
  })

  it('tells the developer about each announcement it ignores for its metadata', () => {
    const warnings: unknown[][] = []
    const logger = createLogger({ level: 'warn', sink: { warn: (...args) => warnings.push(args) } })
    const connectors = createConnectors({
      $connectors: atom<readonly Connector[]>([]),
      options: { excludeWalletIds: [] },
      logger,
      window,
    })
    cleanups.push(() => connectors.stop())
    connectors.startDiscovery()
    const w = createFakeWallet()
    cleanups.push(w.announce(window, { name: '   ', rdns: 'com.blank' }))
    cleanups.push(w.announce(window, { name: 'No rdns', rdns: 'not a domain' }))
    expect(connectors.$connectors.get()).toEqual([])
    expect(warnings.map((args) => args[0])).toEqual([
      '[portico] ignored an EIP-6963 announcement with invalid metadata',
      '[portico] ignored an EIP-6963 announcement with invalid metadata',
    ])
  })

  it('drops an icon that is not an image URL but keeps the wallet', () => {
    const connectors = setup()
    connectors.startDiscovery()
    const w = createFakeWallet()
    cleanups.push(
      w.announce(window, { name: 'Sneaky', rdns: 'com.sneaky', icon: 'javascript:alert(1)' }),
    )
    expect(connectors.get('com.sneaky')?.imageUrl).toBeUndefined()
  })

  it('waits for a wallet that announces late, and gives up after the timeout', async () => {
    const connectors = setup()
    connectors.startDiscovery()
    const waiting = connectors.waitFor('com.late', 1_000)
    const w = createFakeWallet()
    cleanups.push(w.announce(window, { name: 'Late', rdns: 'com.late' }))
    expect((await waiting)?.name).toBe('Late')
    expect(await connectors.waitFor('com.never', 10)).toBeUndefined()
  })
})

describe('parseAnnouncement', () => {
  it('never throws and only accepts well-formed metadata', () => {
    const provider = { request: async () => null }
    fc.assert(
      fc.property(
        fc.record({
          uuid: fc.anything(),
          name: fc.anything(),
          icon: fc.anything(),
          rdns: fc.anything(),
        }),
        fc.boolean(),
        (info, withProvider) => {
          const parsed = parseAnnouncement({ info, provider: withProvider ? provider : info })
          if (parsed) {
            expect(parsed.info.name.length).toBeGreaterThan(0)
            expect(parsed.info.name.length).toBeLessThanOrEqual(64)
            expect(parsed.info.rdns).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i)
            expect(
              parsed.info.icon === '' || /^(https?:|data:image\/|blob:)/.test(parsed.info.icon),
            ).toBe(true)
          }
        },
      ),
    )
    fc.assert(fc.property(fc.anything(), (detail) => void parseAnnouncement(detail)))
  })
})
