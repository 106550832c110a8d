// @vitest-environment happy-dom
import { beforeAll, describe, expect, it, vi } from 'vitest'
import type { PorticoOptions } from '../client/index.js'
import { isPorticoError } from '../errors/index.js'
import { createMemoryStorage, type StorageAdapter } from '../storage/index.js'
import { createFakeWallet, TEST_ACCOUNTS } from '../test-utils/fakeWallet.js'
import { cleanupAfterEach, createOfflinePortico, DOWN_NETWORKS } from '../test-utils/offline.js'

// The code that talks to wallets (`./lazy.js`) is fetched on the first connect or restore. Here
// the test decides when that fetch ends and whether it fails (offline, a deploy replaced the
// chunk); once it succeeded the module stays loaded, so the tests run in order.
const fetchOfFlow = await vi.hoisted(async () =>
  (await import('../test-utils/moduleFetch.js')).createModuleFetch(),
)
vi.mock('./lazy.js', async (original) => {
  await fetchOfFlow.arrive()
  return original()
})

const networks = [DOWN_NETWORKS[0]] as const
const RDNS = 'dev.portico.fake'

const cleanup = cleanupAfterEach()
beforeAll(async () => {
  await import('../adapters/evm/createEvmAdapter.js')
}, 30_000)

function setup(
  storage: StorageAdapter = createMemoryStorage(),
  authorized = false,
  logLevel: PorticoOptions['logLevel'] = 'silent',
) {
  const wallet = createFakeWallet({ authorized })
  cleanup(wallet.announce(window, { name: 'Fake Wallet', rdns: RDNS }))
  const { client } = createOfflinePortico(cleanup, { networks, storage, logLevel })
  return { client, wallet, storage }
}

const stored = (storage: StorageAdapter, key: string): unknown => {
  const raw = storage.getItem(`@portico/${key}`)
  return raw === null ? undefined : JSON.parse(raw)
}

describe('while the connection code loads', () => {
  it('only the latest connect counts, and a disconnect cancels it: both reject ABORTED and write nothing', async () => {
    const open = fetchOfFlow.hold()
    const { client, wallet, storage } = setup()
    const other = createFakeWallet({ accounts: [TEST_ACCOUNTS[1]] })
    cleanup(other.announce(window, { name: 'Other', rdns: 'com.other' }))
    const first = client.connection.connect({ connectorId: RDNS }).catch((e) => e)
    expect(client.connection.$connection.get().status).toBe('connecting')
    const second = client.connection.connect({ connectorId: 'com.other' }).catch((e) => e)
    expect(isPorticoError(await first, 'ABORTED')).toBe(true)
    expect(client.connection.$connectingId.get()).toBe('com.other')
    await client.connection.disconnect()
    expect(isPorticoError(await second, 'ABORTED')).toBe(true)
    expect(client.connection.$connection.get().status).toBe('disconnected')
    expect(client.connection.$connectingId.get()).toBeUndefined()
    // The code that arrives next fails: the cancelled attempts say nothing about it.
    fetchOfFlow.fail = true
    open()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(client.connection.$error.get()).toBeUndefined()
    for (const asked of [wallet, other]) {
      expect(asked.calls.filter((c) => c.method === 'eth_requestAccounts')).toHaveLength(0)
    }
    expect(stored(storage, 'connected_connector_id:eip155')).toBeUndefined()
  })

  it('a restore whose code cannot be fetched leaves the namespace disconnected, the stored choice kept', async () => {
    fetchOfFlow.fail = true
    const storage = createMemoryStorage({
      '@portico/connected_connector_id:eip155': JSON.stringify(RDNS),
      '@portico/connected_namespaces': JSON.stringify(['eip155']),
      '@portico/connection_status': JSON.stringify('connected'),
    })
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const { client } = setup(storage, true, 'warn')
    await client.connection.reconnect()
    expect(client.connection.$connection.get().status).toBe('disconnected')
    // The console names the wallet that was not restored.
    expect(warn.mock.calls.map((call) => call[0])).toContain(
      `[portico] ${RDNS} could not be restored; not reconnecting`,
    )
    warn.mockRestore()
    expect(stored(storage, 'connected_connector_id:eip155')).toBe(RDNS)
    expect(stored(storage, 'connected_namespaces')).toEqual(['eip155'])
  })

  it('a connect whose code cannot be fetched rejects MODULE_LOAD_FAILED, and the next connect fetches it again', async () => {
    fetchOfFlow.fail = true
    const { client, storage } = setup()
    const error = await client.connection.connect({ connectorId: RDNS }).catch((e) => e)
    expect(isPorticoError(error, 'MODULE_LOAD_FAILED')).toBe(true)
    expect(error.details).toEqual({ module: 'connection' })
    // The import's own error is kept as the cause (vitest wraps a failing mock in its own).
    expect(error.cause).toBeInstanceOf(Error)
    expect(client.connection.$error.get()).toBe(error)
    expect(client.connection.$connection.get().status).toBe('disconnected')
    expect(client.connection.$connectingId.get()).toBeUndefined()

    fetchOfFlow.fail = false
    const result = await client.connection.connect({ connectorId: RDNS })
    expect(result.address).toBe(TEST_ACCOUNTS[0])
    expect(client.connection.$error.get()).toBeUndefined()
    expect(client.connection.$connection.get().status).toBe('connected')
    expect(stored(storage, 'connected_connector_id:eip155')).toBe(RDNS)
  })

  it('after a restore failed to load, the next visit restores the session', async () => {
    fetchOfFlow.fail = false
    const storage = createMemoryStorage({
      '@portico/connected_connector_id:eip155': JSON.stringify(RDNS),
      '@portico/connected_namespaces': JSON.stringify(['eip155']),
      '@portico/connection_status': JSON.stringify('connected'),
    })
    const { client } = setup(storage, true)
    await client.connection.reconnect()
    expect(client.connection.$connection.get()).toMatchObject({
      status: 'connected',
      address: TEST_ACCOUNTS[0],
    })
  })
})
