// @vitest-environment happy-dom
import { atom } from 'nanostores'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { solana } from '../chains/index.js'
import { createPortico } from '../client/index.js'
import { isPorticoError } from '../errors/index.js'
import { createLogger } from '../logger/index.js'
import { testNetworks } from '../test-utils/networks.js'
import { createConnectors } from './createConnectors.js'
import type { Connector } from './types.js'

// The Wallet Standard discovery (`./walletStandard.js`) is fetched when an app that lists Solana
// or Bitcoin networks starts discovery. Here the test decides when that fetch ends and whether it
// fails (offline, a deploy replaced the chunk).
const fetchOfDiscovery = await vi.hoisted(async () =>
  (await import('../test-utils/moduleFetch.js')).createModuleFetch(),
)
vi.mock('./walletStandard.js', async (original) => {
  await fetchOfDiscovery.arrive()
  return original()
})

const unusedAdapter = async (): Promise<never> => {
  throw new Error('no adapter in these tests')
}
const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
  vi.restoreAllMocks()
})

function solanaApp() {
  const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
  const client = createPortico({
    projectId: 'p',
    networks: [solana],
    storage: 'memory',
    logLevel: 'error',
    adapters: { solana: unusedAdapter },
  })
  cleanups.push(() => client.destroy())
  const ready = vi.fn()
  window.addEventListener('wallet-standard:app-ready', ready)
  cleanups.push(() => window.removeEventListener('wallet-standard:app-ready', ready))
  return { client, errors, ready }
}

// In order: once the module has loaded, it stays loaded.
describe('the Wallet Standard discovery code', () => {
  it('cannot be fetched: the failure is logged, the other wallets stay listed', async () => {
    fetchOfDiscovery.fail = true
    const { client, errors, ready } = solanaApp()
    client.connectors.startDiscovery()
    await vi.dynamicImportSettled()
    await vi.waitFor(() => expect(errors).toHaveBeenCalled())
    expect(String(errors.mock.calls[0]?.join(' '))).toContain(
      'could not load the Wallet Standard discovery',
    )
    expect(ready).not.toHaveBeenCalled()
    expect(client.connectors.$connectors.get().map((c) => c.id)).toEqual(['walletConnect', 'auth'])
    fetchOfDiscovery.fail = false
  })

  it('arrives after the client was destroyed: it starts nothing', async () => {
    const open = fetchOfDiscovery.hold()
    const { client, ready } = solanaApp()
    client.connectors.startDiscovery()
    client.destroy()
    open()
    await vi.dynamicImportSettled()
    await new Promise((resolve) => setImmediate(resolve))
    expect(ready).not.toHaveBeenCalled()
  })

  it('arrives while the client lives: the app says it is ready to Wallet Standard wallets', async () => {
    const open = fetchOfDiscovery.hold()
    const { client, ready } = solanaApp()
    client.connectors.startDiscovery()
    expect(ready).not.toHaveBeenCalled()
    open()
    await vi.waitFor(() => expect(ready).toHaveBeenCalledTimes(1))
  })
})

describe('connectors the app brings', () => {
  it('each needs a provider, a Wallet Standard wallet or a sats-connect provider', () => {
    const create = (connectors: unknown) => () =>
      createPortico({
        projectId: 'p',
        networks: testNetworks,
        storage: 'memory',
        logLevel: 'silent',
        connectors: connectors as never,
      })
    const error = (() => {
      try {
        create([{ id: 'sdk', name: 'SDK' }])()
      } catch (caught) {
        return caught
      }
    })()
    expect(isPorticoError(error, 'INVALID_OPTIONS')).toBe(true)
    expect((error as Error).message).toBe(
      'connector sdk needs a provider, a Wallet Standard wallet or a sats-connect provider',
    )
    expect(create({ id: 'sdk' })).toThrow('connectors must be a list')
    expect(create([null])).toThrow('connector undefined needs a provider')
    const provider = { request: async () => null }
    const client = create([{ id: 'sdk', name: 'SDK', provider }])()
    cleanups.push(() => client.destroy())
    expect(client.connectors.get('sdk')).toMatchObject({ type: 'EXTERNAL', chain: 'eip155' })
  })

  it('a discovery that fails to start is logged and the others still run', () => {
    const warnings: unknown[][] = []
    const logger = createLogger({ level: 'warn', sink: { warn: (...args) => warnings.push(args) } })
    const registry = createConnectors({
      $connectors: atom<readonly Connector[]>([]),
      options: { excludeWalletIds: ['blocked'] },
      sources: [
        () => {
          throw new Error('broken discovery')
        },
        (_target, publish) => {
          publish([
            { id: 'found', name: 'Found', type: 'ANNOUNCED', chain: 'solana' },
            { id: 'blocked', name: 'Blocked', type: 'ANNOUNCED', chain: 'solana' },
            { id: 'other', name: 'Other', type: 'ANNOUNCED', chain: 'solana', rdns: 'blocked' },
          ])
          return () => undefined
        },
      ],
      logger,
      window,
    })
    cleanups.push(() => registry.stop())
    registry.startDiscovery()
    expect(warnings).toHaveLength(1)
    expect(warnings[0]?.join(' ')).toContain('a wallet discovery failed to start')
    expect(registry.$connectors.get().map((c) => c.id)).toEqual(['found'])
  })

  it('waitFor answers at once for a connector already listed', async () => {
    const logger = createLogger({ level: 'silent' })
    const registry = createConnectors({
      $connectors: atom<readonly Connector[]>([]),
      options: { excludeWalletIds: [] },
      logger,
      window,
    })
    registry.add({ id: 'auth', name: 'Email', type: 'AUTH', chain: 'eip155' })
    registry.add({ id: 'auth', name: 'Email and socials', type: 'AUTH', chain: 'eip155' })
    expect(registry.$connectors.get().map((c) => c.name)).toEqual(['Email and socials'])
    vi.useFakeTimers()
    const found = await registry.waitFor('auth', 0)
    vi.useRealTimers()
    expect(found?.name).toBe('Email and socials')
  })
})
