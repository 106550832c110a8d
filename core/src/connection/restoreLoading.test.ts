// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { PorticoOptions } from '../client/index.js'
import { createPortico } from '../client/index.js'
import { createMemoryStorage } from '../storage/index.js'
import { unreachableFetch } from '../test-utils/client.js'
import { createFakeWallet, TEST_ACCOUNTS } from '../test-utils/fakeWallet.js'

// A restore started while the code that talks to wallets (`./flow.js`) is still being fetched:
// the user acts before it arrives. The test holds that fetch until it lets it go; once loaded,
// the module stays loaded, so the tests run in order.
const fetchOfFlow = vi.hoisted(() => {
  const state = {
    release: Promise.resolve() as Promise<void>,
    hold() {
      let open!: () => void
      state.release = new Promise((resolve) => {
        open = resolve
      })
      return open
    },
  }
  return state
})
vi.mock('./flow.js', async (original) => {
  await fetchOfFlow.release
  return original()
})

const DOWN = 'http://127.0.0.1:9'
const networks = [
  {
    id: 'eip155:31337',
    name: 'Devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { http: [DOWN] },
  },
] as const satisfies PorticoOptions['networks']

const cleanups: (() => void)[] = []
beforeAll(async () => {
  await import('../adapters/evm/createEvmAdapter.js')
}, 30_000)
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

function setup() {
  const stored = createFakeWallet({ authorized: true })
  const other = createFakeWallet({ accounts: [TEST_ACCOUNTS[1]] })
  cleanups.push(stored.announce(window, { name: 'Stored', rdns: 'com.stored' }))
  cleanups.push(other.announce(window, { name: 'Other', rdns: 'com.other' }))
  const storage = createMemoryStorage({
    '@portico/connected_connector_id:eip155': JSON.stringify('com.stored'),
    '@portico/connected_namespaces': JSON.stringify(['eip155']),
    '@portico/connection_status': JSON.stringify('connected'),
  })
  const client = createPortico({
    ssr: true,
    projectId: 'test',
    networks,
    storage,
    logLevel: 'silent',
    apiUrls: { blockchain: DOWN, toolkit: DOWN },
    fetch: unreachableFetch,
  })
  cleanups.push(() => client.destroy())
  client.connectors.startDiscovery()
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
    cleanups.push(client.connection.$status.listen((status) => statuses.push(status)))
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
