// @vitest-environment happy-dom
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { createMemoryStorage } from '../storage/index.js'
import { createFakeWallet, TEST_ACCOUNTS } from '../test-utils/fakeWallet.js'
import { cleanupAfterEach, createOfflinePortico, DOWN_NETWORKS } from '../test-utils/offline.js'

// A restore started while the code that talks to wallets (`./lazy.js`) is still being fetched:
// the user acts before it arrives. The test holds that fetch until it lets it go; once loaded,
// the module stays loaded, so the tests run in order.
const fetchOfFlow = await vi.hoisted(async () =>
  (await import('../test-utils/moduleFetch.js')).createModuleFetch(),
)
vi.mock('./lazy.js', async (original) => {
  await fetchOfFlow.arrive()
  return original()
})

const networks = [DOWN_NETWORKS[0]] as const

const cleanup = cleanupAfterEach()
beforeAll(async () => {
  await import('../adapters/evm/createEvmAdapter.js')
}, 30_000)

function setup() {
  const stored = createFakeWallet({ authorized: true })
  const other = createFakeWallet({ accounts: [TEST_ACCOUNTS[1]] })
  cleanup(stored.announce(window, { name: 'Stored', rdns: 'com.stored' }))
  cleanup(other.announce(window, { name: 'Other', rdns: 'com.other' }))
  const storage = createMemoryStorage({
    '@portico/connected_connector_id:eip155': JSON.stringify('com.stored'),
    '@portico/connected_namespaces': JSON.stringify(['eip155']),
    '@portico/connection_status': JSON.stringify('connected'),
  })
  const { client } = createOfflinePortico(cleanup, { ssr: true, networks, storage })
  return { client, storage, stored }
}

describe('a restore while its code is still loading', () => {
  it('a disconnect ends it at once, without waiting for the code', async () => {
    const open = fetchOfFlow.hold()
    const { client, storage, stored } = setup()
    let restored = false
    const restoring = client.connection.reconnect().then(() => {
      restored = true
    })
    expect(client.connection.$status.get()).toBe('reconnecting')
    await client.connection.disconnect()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(restored).toBe(true)
    expect(client.connection.$status.get()).toBe('disconnected')
    expect(storage.getItem('@portico/connected_connector_id:eip155')).toBeNull()
    open()
    await restoring
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(stored.calls).toEqual([])
    expect(client.connection.$status.get()).toBe('disconnected')
  })

  it('a connect the user starts meanwhile is not shown disconnected by the restore it replaced', async () => {
    const open = fetchOfFlow.hold()
    const { client, stored } = setup()
    const restoring = client.connection.reconnect()
    const statuses: string[] = []
    cleanup(client.connection.$status.listen((status) => statuses.push(status)))
    const connecting = client.connection.connect({ connectorId: 'com.other' })
    await restoring
    expect(client.connection.$status.get()).toBe('connecting')
    open()
    await connecting
    expect(statuses).toEqual(['connecting', 'connected'])
    expect(client.connection.$address.get()).toBe(TEST_ACCOUNTS[1])
    expect(stored.calls).toEqual([])
  })
})
