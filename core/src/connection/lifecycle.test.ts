// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { PorticoOptions } from '../client/index.js'
import { isPorticoError } from '../errors/index.js'
import { networkFeature } from '../network/feature.js'
import { createMemoryStorage, type StorageAdapter } from '../storage/index.js'
import { createFakeWallet, type FakeWallet, TEST_ACCOUNTS } from '../test-utils/fakeWallet.js'
import { cleanupAfterEach, createOfflinePortico, DOWN_NETWORKS } from '../test-utils/offline.js'
import { connectionEvent } from './events.js'
import type { ConnectionEvent } from './types.js'

// What a connection tells the rest of the app (its events, its console lines), how it ends (a
// destroyed client, a disconnect with nothing to end) and what a network switch that stops
// early says. The wallets are fake EIP-1193 ones announced over EIP-6963; the EVM adapter is
// the real one.

const networks = DOWN_NETWORKS

const cleanup = cleanupAfterEach()
beforeAll(async () => {
  await import('../adapters/evm/createEvmAdapter.js')
  await import('./lazy.js')
}, 30_000)
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

function announce(wallet: FakeWallet, name: string, rdns: string) {
  cleanup(wallet.announce(window, { name, rdns }))
}

function setup({
  storage = createMemoryStorage(),
  ...options
}: Partial<PorticoOptions> & { storage?: StorageAdapter } = {}) {
  const built = createOfflinePortico(cleanup, { networks, storage, ...options })
  const seen: ConnectionEvent[] = []
  built.events.on(connectionEvent, (event) => seen.push(event))
  return { ...built, storage, seen }
}

/** A wallet request the test answers when it chooses. */
function gate() {
  let resolve!: (value: unknown) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<unknown>((yes, no) => {
    resolve = yes
    reject = no
  })
  return { promise, resolve, reject }
}

/** What `promise` settled with by the next macrotask: nothing when it is still pending. */
async function settledSoon<T>(promise: Promise<T>) {
  let outcome: { value?: T; error?: unknown } | undefined
  promise.then(
    (value) => {
      outcome = { value }
    },
    (error: unknown) => {
      outcome = { error }
    },
  )
  await new Promise((resolve) => setTimeout(resolve, 0))
  return outcome
}

const requests = (wallet: FakeWallet, method: string) =>
  wallet.calls.filter((call) => call.method === method).length

const microtasks = async (count: number) => {
  for (let i = 0; i < count; i++) await Promise.resolve()
}

describe('destroying the client', () => {
  it('stops a connect still waiting for its adapter, with the reason', async () => {
    const wallet = createFakeWallet()
    announce(wallet, 'A', 'com.a')
    // An adapter that never arrives (a chunk that never loads).
    const { client } = setup({ adapters: { eip155: () => new Promise(() => undefined) } })
    const pending = client.connection.connect({ connectorId: 'com.a' })
    expect(client.connection.$status.get()).toBe('connecting')
    client.destroy()
    const outcome = await settledSoon(pending)
    expect(isPorticoError(outcome?.error, 'ABORTED')).toBe(true)
    expect(outcome?.error).toMatchObject({ details: { reason: 'destroyed' } })
    expect(requests(wallet, 'eth_requestAccounts')).toBe(0)
  })

  it('stops following the wallet and stops a pending network switch, with the reason', async () => {
    const wallet = createFakeWallet()
    announce(wallet, 'A', 'com.a')
    const { client } = setup()
    await client.connection.connect({ connectorId: 'com.a' })
    expect(wallet.listenerCount('accountsChanged')).toBe(1)
    wallet.override('wallet_switchEthereumChain', () => new Promise(() => undefined))
    const switching = client.connection.switchNetwork(networks[1])
    client.destroy()
    const outcome = await settledSoon(switching)
    expect(isPorticoError(outcome?.error, 'ABORTED')).toBe(true)
    expect(outcome?.error).toMatchObject({ details: { reason: 'destroyed' } })
    expect(wallet.listenerCount('accountsChanged')).toBe(0)
    expect(wallet.listenerCount('chainChanged')).toBe(0)
  })
})

describe('an abandoned network switch says why', () => {
  async function switching() {
    const a = createFakeWallet({ accounts: [TEST_ACCOUNTS[0]] })
    const b = createFakeWallet({ accounts: [TEST_ACCOUNTS[1]] })
    announce(a, 'A', 'com.a')
    announce(b, 'B', 'com.b')
    const built = setup()
    await built.client.connection.connect({ connectorId: 'com.a' })
    a.override('wallet_switchEthereumChain', () => new Promise(() => undefined))
    const pending = built.client.connection.switchNetwork(networks[1]).then(
      () => ({ details: 'switched' }) as { details?: unknown },
      (e: { details?: unknown }) => e,
    )
    return { ...built, pending }
  }

  it('replaced by a switch to another network', async () => {
    const { client, pending } = await switching()
    void client.connection.switchNetwork(networks[2]).catch(() => undefined)
    expect((await pending).details).toEqual({ reason: 'replaced' })
  })

  it('the connection was disconnected', async () => {
    const { client, pending } = await switching()
    await client.connection.disconnect()
    expect((await pending).details).toEqual({ reason: 'disconnected' })
  })

  it('another wallet took the namespace', async () => {
    const { client, pending } = await switching()
    await client.connection.connect({ connectorId: 'com.b' })
    expect((await pending).details).toEqual({ reason: 'replaced' })
  })
})

describe('a switch to a network the app does not list', () => {
  it('rejects NETWORK_NOT_FOUND naming the id, and alerts the developer', async () => {
    const { client } = setup()
    const unknown = { ...networks[0], id: 'eip155:1' as const }
    const error = await client.connection.switchNetwork(unknown).catch((e) => e)
    expect(isPorticoError(error, 'NETWORK_NOT_FOUND')).toBe(true)
    expect(error.details).toEqual({ id: 'eip155:1' })
    expect(client.alerts.$alerts.get()).toMatchObject([
      { code: 'SWITCH_NETWORK_NOT_FOUND', details: { id: 'eip155:1' } },
    ])
    expect(client.network.$activeNetwork.get().id).toBe('eip155:31337')
  })

  it('rejects NETWORK_NOT_FOUND for no network at all, even while another switch is pending', async () => {
    const wallet = createFakeWallet()
    announce(wallet, 'A', 'com.a')
    const { client } = setup()
    await client.connection.connect({ connectorId: 'com.a' })
    wallet.override('wallet_switchEthereumChain', () => new Promise(() => undefined))
    const first = client.connection.switchNetwork(networks[1]).catch((e) => e)
    // A JavaScript app can pass anything: the answer is still a rejection, never a throw.
    const error = await client.connection.switchNetwork(undefined as never).catch((e) => e)
    expect(isPorticoError(error, 'NETWORK_NOT_FOUND')).toBe(true)
    expect(error.details).toEqual({ id: undefined })
    expect((await first).details).toEqual({ reason: 'replaced' })
    expect(client.alerts.$alerts.get().map((alert) => alert.code)).toEqual([
      'SWITCH_NETWORK_NOT_FOUND',
    ])
  })
})

describe('network switches one after another', () => {
  it('the state goes from one result straight to the next pending, never back to idle', async () => {
    const wallet = createFakeWallet()
    announce(wallet, 'A', 'com.a')
    const { client } = setup()
    await client.connection.connect({ connectorId: 'com.a' })
    const states: string[] = []
    cleanup(client.connection.$networkSwitch.listen((s) => states.push(s.status)))
    await client.connection.switchNetwork(networks[1])
    await client.connection.switchNetwork(networks[2])
    await client.connection.switchNetwork(networks[1])
    expect(states).toEqual(['pending', 'success', 'pending', 'success', 'pending', 'success'])
  })

  it('changing one’s mind twice: the last pick is asked and wins', async () => {
    const wallet = createFakeWallet()
    announce(wallet, 'A', 'com.a')
    const { client } = setup()
    await client.connection.connect({ connectorId: 'com.a' })
    const answers: ((value: unknown) => void)[] = []
    const asked: string[] = []
    wallet.override('wallet_switchEthereumChain', (params) => {
      asked.push((params as [{ chainId: string }])[0].chainId)
      return new Promise((resolve) => answers.push(resolve))
    })
    const toL2 = client.connection.switchNetwork(networks[1]).catch((e) => e)
    await vi.waitFor(() => expect(asked).toHaveLength(1))
    const toL3 = client.connection.switchNetwork(networks[2]).catch((e) => e)
    expect((await toL2).details).toEqual({ reason: 'replaced' })
    await vi.waitFor(() => expect(asked).toHaveLength(2))
    const backToL2 = client.connection.switchNetwork(networks[1])
    expect((await toL3).details).toEqual({ reason: 'replaced' })
    await vi.waitFor(() => expect(asked).toHaveLength(3))
    expect(asked).toEqual(['0x7a6a', '0x7a6b', '0x7a6a'])
    for (const answer of answers) answer(null)
    await backToL2
    expect(client.network.$activeNetwork.get().id).toBe('eip155:31338')
    expect(client.connection.$caipAddress.get()).toBe(`eip155:31338:${TEST_ACCOUNTS[0]}`)
  })

  it('a switch the user refuses shows no "chain not supported" toast', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const wallet = createFakeWallet()
    announce(wallet, 'A', 'com.a')
    const { client } = setup()
    await client.connection.connect({ connectorId: 'com.a' })
    wallet.override('wallet_switchEthereumChain', () => {
      throw { code: 4001, message: 'User rejected the request.' }
    })
    const error = await client.connection.switchNetwork(networks[1]).catch((e) => e)
    expect(isPorticoError(error)).toBe(true)
    expect(error.code).not.toBe('UNSUPPORTED_CHAIN')
    expect(client.toast.$toast.get().open).toBe(false)
    expect(client.network.$activeNetwork.get().id).toBe('eip155:31337')
  })
})

describe('what the connection tells the rest of the app', () => {
  it('the wallet’s own events: another account, another chain, no account', async () => {
    const wallet = createFakeWallet()
    announce(wallet, 'A', 'com.a')
    const { client, seen } = setup()
    await client.connection.connect({ connectorId: 'com.a' })
    expect(seen).toEqual([{ type: 'connected', namespace: 'eip155' }])
    seen.length = 0
    wallet.emit('accountsChanged', [TEST_ACCOUNTS[1]])
    await vi.waitFor(() => expect(client.connection.$address.get()).toBe(TEST_ACCOUNTS[1]))
    expect(seen).toEqual([{ type: 'accountChanged', namespace: 'eip155' }])
    seen.length = 0
    wallet.emit('chainChanged', '0x7a6a')
    await vi.waitFor(() => expect(client.connection.$caipAddress.get()).toMatch(/^eip155:31338:/))
    expect(seen).toEqual([{ type: 'chainChanged', namespace: 'eip155' }])
    seen.length = 0
    wallet.emit('accountsChanged', [])
    await vi.waitFor(() => expect(client.connection.$status.get()).toBe('disconnected'))
    expect(seen).toEqual([{ type: 'disconnected', namespace: 'eip155' }])
  })

  it('a network switch: one chainChanged, whether or not the wallet reported the chain itself', async () => {
    const wallet = createFakeWallet()
    announce(wallet, 'A', 'com.a')
    const { client, seen } = setup()
    await client.connection.connect({ connectorId: 'com.a' })
    seen.length = 0
    // The fake wallet emits chainChanged before it answers, as browser wallets do.
    await client.connection.switchNetwork(networks[1])
    expect(seen).toEqual([{ type: 'chainChanged', namespace: 'eip155' }])
    seen.length = 0
    // A wallet that answers without the event: the switch itself tells.
    wallet.override('wallet_switchEthereumChain', () => null)
    await client.connection.switchNetwork(networks[2])
    expect(seen).toEqual([{ type: 'chainChanged', namespace: 'eip155' }])
    expect(client.connection.$caipAddress.get()).toBe(`eip155:31339:${TEST_ACCOUNTS[0]}`)
  })

  it('another account of the connected wallet: the address changes and apps are told', async () => {
    const wallet = createFakeWallet()
    announce(wallet, 'A', 'com.a')
    const { client, seen } = setup()
    await client.connection.connect({ connectorId: 'com.a' })
    seen.length = 0
    await client.connection.switchAccount({
      connectorId: 'com.a',
      address: TEST_ACCOUNTS[1],
      namespace: 'eip155',
    })
    expect(client.connection.$caipAddress.get()).toBe(`eip155:31337:${TEST_ACCOUNTS[1]}`)
    expect(seen).toEqual([{ type: 'accountChanged', namespace: 'eip155' }])
  })

  it('another account while the wallet’s chain is unknown is refused with NO_ACTIVE_CAIP_ADDRESS', async () => {
    const wallet = createFakeWallet()
    announce(wallet, 'A', 'com.a')
    const { client, use } = setup()
    await client.connection.connect({ connectorId: 'com.a' })
    use(networkFeature).setWalletChain('eip155', undefined)
    const error = await client.connection
      .switchAccount({ connectorId: 'com.a', address: TEST_ACCOUNTS[1], namespace: 'eip155' })
      .catch((e) => e)
    expect(isPorticoError(error, 'NO_ACTIVE_CAIP_ADDRESS')).toBe(true)
    expect(client.connection.$address.get()).toBe(TEST_ACCOUNTS[0])
  })

  it('a restore: reconnected, or disconnected when the wallet no longer authorises the site', async () => {
    const stored = () =>
      createMemoryStorage({
        '@portico/connected_connector_id:eip155': JSON.stringify('com.a'),
        '@portico/connected_namespaces': JSON.stringify(['eip155']),
        '@portico/connection_status': JSON.stringify('connected'),
      })
    const yes = createFakeWallet({ authorized: true })
    announce(yes, 'A', 'com.a')
    const back = setup({ storage: stored(), ssr: true })
    await back.client.connection.reconnect()
    expect(back.seen).toEqual([{ type: 'reconnected', namespace: 'eip155' }])
    back.client.destroy()
    cleanup.now()

    const no = createFakeWallet({ authorized: false })
    announce(no, 'A', 'com.a')
    const gone = setup({ storage: stored(), ssr: true })
    await gone.client.connection.reconnect()
    expect(gone.client.connection.$status.get()).toBe('disconnected')
    expect(gone.seen).toEqual([{ type: 'disconnected', namespace: 'eip155' }])
  })
})

describe('a disconnect with nothing to end', () => {
  it('changes nothing: no event, nothing stored', async () => {
    const { client, storage, seen } = setup()
    await client.connection.disconnect()
    expect(seen).toEqual([])
    expect(storage.getItem('@portico/connection_status')).toBeNull()
    expect(storage.getItem('@portico/connected_namespaces')).toBeNull()
  })

  it('after the wallet itself ended the connection, tells nobody again', async () => {
    const wallet = createFakeWallet()
    announce(wallet, 'A', 'com.a')
    const { client, seen } = setup()
    await client.connection.connect({ connectorId: 'com.a' })
    wallet.emit('accountsChanged', [])
    await vi.waitFor(() => expect(client.connection.$status.get()).toBe('disconnected'))
    seen.length = 0
    await client.connection.disconnect()
    expect(seen).toEqual([])
  })

  it('of one namespace never connected stores no namespace list', async () => {
    const { client, storage } = setup()
    await client.connection.disconnect({ namespace: 'eip155' })
    expect(storage.getItem('@portico/connected_namespaces')).toBeNull()
    expect(client.connection.$status.get()).toBe('disconnected')
  })
})

describe('disconnect while a connect is pending', () => {
  it('when apps hear of it, no connect is shown pending any more', async () => {
    const wallet = createFakeWallet()
    announce(wallet, 'A', 'com.a')
    wallet.override('eth_requestAccounts', () => new Promise(() => undefined))
    const { client, events } = setup()
    const pending = client.connection.connect({ connectorId: 'com.a' }).catch((e) => e)
    expect(client.connection.$connectingId.get()).toBe('com.a')
    const heard: (string | undefined)[] = []
    events.on(connectionEvent, () => heard.push(client.connection.$connectingId.get()))
    await client.connection.disconnect()
    expect(heard).toEqual([undefined])
    expect(isPorticoError(await pending, 'ABORTED')).toBe(true)
  })

  it('the failure of the wallet side keeps its cause', async () => {
    const wallet = createFakeWallet()
    announce(wallet, 'A', 'com.a')
    const broken = new Error('session store broken')
    const { client } = setup({
      adapters: {
        eip155: async (context) => {
          const { createEvmAdapter } = await import('../adapters/evm/createEvmAdapter.js')
          const adapter = createEvmAdapter(context)
          return {
            ...adapter,
            connection: {
              ...adapter.connection,
              disconnect: async () => {
                throw broken
              },
            },
          }
        },
      },
    })
    await client.connection.connect({ connectorId: 'com.a' })
    const error = await client.connection.disconnect().catch((e) => e)
    expect(isPorticoError(error, 'INTERNAL_SDK_ERROR')).toBe(true)
    expect(error.cause).toBe(broken)
  })
})

describe('a wallet that answers in the same moment the user gives up', () => {
  // However the wallet's answer and the disconnect interleave (the disconnect comes 0 to 24
  // microtasks after the answer), the disconnect wins: nothing stays connected or stored, and a
  // connect that did not finish first says it was disconnected.
  it('a connect', async () => {
    for (let delay = 0; delay <= 24; delay++) {
      const wallet = createFakeWallet()
      const id = `com.a${delay}`
      announce(wallet, 'A', id)
      const answer = gate()
      wallet.override('eth_requestAccounts', () => answer.promise)
      const { client, storage } = setup()
      const pending = client.connection.connect({ connectorId: id })
      await vi.waitFor(() => expect(requests(wallet, 'eth_requestAccounts')).toBe(1))
      answer.resolve([TEST_ACCOUNTS[0]])
      await microtasks(delay)
      await client.connection.disconnect()
      const outcome = await pending.then(
        () => undefined,
        (e: { details?: unknown }) => e,
      )
      if (outcome) expect(outcome.details, `delay ${delay}`).toEqual({ reason: 'disconnected' })
      await new Promise((resolve) => setTimeout(resolve, 0))
      expect(client.connection.$status.get(), `delay ${delay}`).toBe('disconnected')
      expect(storage.getItem('@portico/connected_connector_id:eip155')).toBeNull()
      client.destroy()
    }
  })

  it('a refusal while the user picks another wallet', async () => {
    for (let delay = 0; delay <= 24; delay++) {
      const a = createFakeWallet()
      const b = createFakeWallet({ accounts: [TEST_ACCOUNTS[1]] })
      announce(a, 'A', `com.a${delay}`)
      announce(b, 'B', `com.b${delay}`)
      const answer = gate()
      a.override('eth_requestAccounts', () => answer.promise)
      const { client } = setup()
      const first = client.connection.connect({ connectorId: `com.a${delay}` })
      await vi.waitFor(() => expect(requests(a, 'eth_requestAccounts')).toBe(1))
      answer.reject({ code: 4001, message: 'User rejected the request.' })
      await microtasks(delay)
      const second = client.connection.connect({ connectorId: `com.b${delay}` })
      const error = await first.then(
        () => undefined,
        (e: { code?: string; details?: unknown }) => e,
      )
      // Refused before the user moved on, or replaced: never anything else.
      if (error?.code === 'ABORTED') {
        expect(error.details, `delay ${delay}`).toEqual({ reason: 'replaced' })
      } else {
        expect(error?.code, `delay ${delay}`).toBe('USER_REJECTED')
      }
      await second
      expect(client.connection.$address.get()).toBe(TEST_ACCOUNTS[1])
      expect(client.connection.$error.get()).toBeUndefined()
      client.destroy()
    }
  })

  it('a network switch', async () => {
    for (let delay = 0; delay <= 24; delay++) {
      const wallet = createFakeWallet()
      const id = `com.a${delay}`
      announce(wallet, 'A', id)
      const { client } = setup()
      await client.connection.connect({ connectorId: id })
      const answer = gate()
      // A wallet that answers without emitting chainChanged: only the switch writes the chain.
      wallet.override('wallet_switchEthereumChain', () => answer.promise)
      const switching = client.connection.switchNetwork(networks[1]).catch(() => undefined)
      await vi.waitFor(() => expect(requests(wallet, 'wallet_switchEthereumChain')).toBe(1))
      answer.resolve(null)
      await microtasks(delay)
      await client.connection.disconnect()
      await switching
      await new Promise((resolve) => setTimeout(resolve, 0))
      expect(client.network.$walletChains.get(), `delay ${delay}`).toEqual({})
      expect(client.connection.$status.get()).toBe('disconnected')
      client.destroy()
    }
  })
})

describe('a restore the user overtakes', () => {
  it('a connect that replaces a restore still waiting for its wallet is shown connecting throughout', async () => {
    const b = createFakeWallet({ accounts: [TEST_ACCOUNTS[1]] })
    announce(b, 'B', 'com.b')
    const answer = gate()
    b.override('eth_requestAccounts', () => answer.promise)
    const { client, storage } = setup({
      ssr: true,
      storage: createMemoryStorage({
        // A stored wallet that is not in the page (yet): the restore waits for it.
        '@portico/connected_connector_id:eip155': JSON.stringify('com.gone'),
        '@portico/connected_namespaces': JSON.stringify(['eip155']),
      }),
    })
    const restoring = client.connection.reconnect()
    // The restore's code is there and it waits for the stored wallet to announce itself.
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(client.connection.$status.get()).toBe('reconnecting')
    const statuses: string[] = []
    cleanup(client.connection.$status.listen((status) => statuses.push(status)))
    const connecting = client.connection.connect({ connectorId: 'com.b' })
    await restoring
    await vi.waitFor(() => expect(requests(b, 'eth_requestAccounts')).toBe(1))
    expect(statuses).toEqual(['connecting'])
    // The stored choice is only replaced once the new wallet answers.
    expect(storage.getItem('@portico/connected_connector_id:eip155')).toBe('"com.gone"')
    answer.resolve([TEST_ACCOUNTS[1]])
    await connecting
    expect(statuses).toEqual(['connecting', 'connected'])
    expect(storage.getItem('@portico/connected_connector_id:eip155')).toBe('"com.b"')
  })
})

describe('an account change before the wallet’s chain is known', () => {
  it('is ignored: no address without a chain', async () => {
    const wallet = createFakeWallet()
    announce(wallet, 'A', 'com.a')
    const { client, use, seen } = setup()
    await client.connection.connect({ connectorId: 'com.a' })
    use(networkFeature).setWalletChain('eip155', undefined)
    seen.length = 0
    wallet.emit('accountsChanged', [TEST_ACCOUNTS[1]])
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(client.connection.$address.get()).toBe(TEST_ACCOUNTS[0])
    expect(client.connection.$caipAddress.get()).toBe(`eip155:31337:${TEST_ACCOUNTS[0]}`)
    expect(seen).toEqual([])
  })
})

describe('the console', () => {
  it('names a stored wallet that is not in the page, and one that did not answer in time', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const gone = setup({
      logLevel: 'info',
      ssr: true,
      storage: createMemoryStorage({
        '@portico/connected_connector_id:eip155': JSON.stringify('com.gone'),
        '@portico/connected_namespaces': JSON.stringify(['eip155']),
      }),
    })
    const restoring = gone.client.connection.reconnect()
    await vi.advanceTimersByTimeAsync(2_000)
    await restoring
    expect(info.mock.calls.map((call) => call[0])).toContain(
      '[portico] stored wallet com.gone is not available; not reconnecting',
    )

    const silent = createFakeWallet({ authorized: true })
    silent.override('eth_accounts', () => new Promise(() => undefined))
    announce(silent, 'Silent', 'com.silent')
    const stuck = setup({
      logLevel: 'warn',
      ssr: true,
      storage: createMemoryStorage({
        '@portico/connected_connector_id:eip155': JSON.stringify('com.silent'),
        '@portico/connected_namespaces': JSON.stringify(['eip155']),
      }),
    })
    const waiting = stuck.client.connection.reconnect()
    for (let i = 0; i < 10_000 && requests(silent, 'eth_accounts') === 0; i++) {
      await new Promise((resolve) => setImmediate(resolve))
    }
    await vi.advanceTimersByTimeAsync(10_000)
    await waiting
    expect(warn.mock.calls.map((call) => call[0])).toContain(
      '[portico] com.silent did not answer the reconnection; not reconnecting',
    )
  })

  it('names a wallet that fails the restore, and one that stops sharing an account', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined)
    const failing = createFakeWallet({ authorized: true })
    failing.override('eth_accounts', () => {
      throw { code: -32603, message: 'locked' }
    })
    announce(failing, 'Failing', 'com.failing')
    const { client } = setup({
      logLevel: 'info',
      ssr: true,
      storage: createMemoryStorage({
        '@portico/connected_connector_id:eip155': JSON.stringify('com.failing'),
        '@portico/connected_namespaces': JSON.stringify(['eip155']),
      }),
    })
    await client.connection.reconnect()
    expect(error.mock.calls.map((call) => call[0])).toContain(
      '[portico] reconnecting eip155 failed',
    )

    const leaving = createFakeWallet()
    announce(leaving, 'Leaving Wallet', 'com.leaving')
    await client.connection.connect({ connectorId: 'com.leaving' })
    leaving.emit('accountsChanged', [])
    await vi.waitFor(() => expect(client.connection.$status.get()).toBe('disconnected'))
    expect(info.mock.calls.map((call) => call[0])).toContain(
      '[portico] Leaving Wallet no longer shares an account; disconnecting',
    )
  })
})
