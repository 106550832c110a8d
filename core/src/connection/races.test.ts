// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ChainAdapter } from '../adapters/index.js'
import type { Connector } from '../connectors/index.js'
import { isPorticoError } from '../errors/index.js'
import { errorMessage } from '../messages/index.js'
import { createMemoryStorage, type StorageAdapter } from '../storage/index.js'
import { createFakeWallet, type FakeWallet, TEST_ACCOUNTS } from '../test-utils/fakeWallet.js'
import {
  cleanupAfterEach,
  createOfflinePortico,
  DOWN,
  DOWN_NETWORKS,
} from '../test-utils/offline.js'
import { walletRequestTimeout } from './constants.js'
import { connectionFeature } from './feature.js'

// Chain reads and API calls meet a server that is down; the wallets are fake ones.
const networks = DOWN_NETWORKS

const cleanup = cleanupAfterEach()
// The EVM adapter (viem) and the connection's wallet code load on the first connect; loaded once
// here, so a test on fake timers does not race a module load against its clock.
beforeAll(async () => {
  await import('../adapters/evm/createEvmAdapter.js')
  await import('./lazy.js')
}, 30_000)
afterEach(() => {
  vi.useRealTimers()
})

/** Only the timers: promises and microtasks stay real, so wallets answer when told to. */
const fakeTimers = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })

function announce(wallet: FakeWallet, name: string, rdns: string) {
  cleanup(wallet.announce(window, { name, rdns }))
}

function setup(storage: StorageAdapter = createMemoryStorage(), ssr = false) {
  const built = createOfflinePortico(cleanup, { ssr, networks, storage })
  const { client } = built
  const activeId = () => built.use(connectionFeature).getActive('eip155')?.connector.id
  return { client, storage, activeId }
}

/** A wallet request the test answers (or refuses) when it chooses. */
function gate() {
  let resolve!: (value: unknown) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<unknown>((yes, no) => {
    resolve = yes
    reject = no
  })
  return { promise, resolve, reject }
}

const stored = (storage: StorageAdapter, key: string): unknown => {
  const raw = storage.getItem(`@portico/${key}`)
  return raw === null ? undefined : JSON.parse(raw)
}
const requests = (wallet: FakeWallet, method: string) =>
  wallet.calls.filter((call) => call.method === method).length
/** Waits until the wallet shows its connection prompt. */
const prompted = (wallet: FakeWallet) =>
  // The first connect of a run loads viem (the EVM adapter), which can take a while.
  vi.waitFor(() => expect(requests(wallet, 'eth_requestAccounts')).toBe(1), { timeout: 15_000 })

/**
 * Waits, on fake timers, until the wallet was asked: polls with setImmediate (left real), so the
 * fake clock does not move while the adapter loads and the request's deadline is measured from
 * the request.
 */
async function asked(wallet: FakeWallet, method: string) {
  for (let i = 0; i < 10_000 && requests(wallet, method) === 0; i++) {
    await new Promise((resolve) => setImmediate(resolve))
  }
  expect(requests(wallet, method)).toBe(1)
}

/** Lets every promise that can settle settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('only the latest connection attempt of a namespace writes the state', () => {
  it('a wallet that refuses after the user connected another one changes nothing', async () => {
    const slow = createFakeWallet({ accounts: [TEST_ACCOUNTS[0]] })
    const fast = createFakeWallet({ accounts: [TEST_ACCOUNTS[1]] })
    announce(slow, 'Slow', 'com.slow')
    announce(fast, 'Fast', 'com.fast')
    const { client, storage, activeId } = setup()
    const answer = gate()
    slow.override('eth_requestAccounts', () => answer.promise)
    const first = client.connection.connect({ connectorId: 'com.slow' }).catch((e) => e)
    await prompted(slow)
    await client.connection.connect({ connectorId: 'com.fast' })
    answer.reject({ code: 4001, message: 'User rejected the request.' })
    const abandoned = await first
    await settle()

    expect(isPorticoError(abandoned, 'ABORTED')).toBe(true)
    expect(client.account.$account.get()).toMatchObject({
      status: 'connected',
      address: TEST_ACCOUNTS[1],
    })
    expect(client.connection.$error.get()).toBeUndefined()
    expect(activeId()).toBe('com.fast')
    expect(stored(storage, 'connection_status')).toBe('connected')
    expect(stored(storage, 'connected_connector_id:eip155')).toBe('com.fast')
  })

  it('a wallet that approves after the user picked another one does not connect', async () => {
    const a = createFakeWallet({ accounts: [TEST_ACCOUNTS[0]] })
    const b = createFakeWallet({ accounts: [TEST_ACCOUNTS[1]] })
    announce(a, 'A', 'com.a')
    announce(b, 'B', 'com.b')
    const { client, storage } = setup()
    const answerA = gate()
    const answerB = gate()
    a.override('eth_requestAccounts', () => answerA.promise)
    b.override('eth_requestAccounts', () => answerB.promise)
    const pa = client.connection.connect({ connectorId: 'com.a' }).catch((e) => e)
    await prompted(a)
    const pb = client.connection.connect({ connectorId: 'com.b' })
    await prompted(b)
    answerA.resolve([TEST_ACCOUNTS[0]])
    expect(isPorticoError(await pa, 'ABORTED')).toBe(true)
    await settle()
    expect(client.account.$account.get().status).toBe('connecting')
    expect(stored(storage, 'connected_connector_id:eip155')).toBeUndefined()
    expect(client.connectors.$recentWallets.get()).toEqual([])
    answerB.resolve([TEST_ACCOUNTS[1]])
    await pb
    expect(client.account.$account.get()).toMatchObject({
      status: 'connected',
      address: TEST_ACCOUNTS[1],
    })
  })

  it('the connecting marker stays on the attempt still pending', async () => {
    const a = createFakeWallet()
    const b = createFakeWallet()
    announce(a, 'A', 'com.a')
    announce(b, 'B', 'com.b')
    const { client } = setup()
    const answerA = gate()
    const answerB = gate()
    a.override('eth_requestAccounts', () => answerA.promise)
    b.override('eth_requestAccounts', () => answerB.promise)
    const pa = client.connection.connect({ connectorId: 'com.a' }).catch((e) => e)
    await prompted(a)
    const pb = client.connection.connect({ connectorId: 'com.b' })
    await prompted(b)
    expect(client.connection.$connectingId.get()).toBe('com.b')
    answerA.reject({ code: 4001, message: 'User rejected the request.' })
    await pa
    await settle()
    expect(client.connection.$connectingId.get()).toBe('com.b')
    expect(client.connection.$error.get()).toBeUndefined()
    expect(client.account.$account.get().status).toBe('connecting')
    answerB.resolve([TEST_ACCOUNTS[0]])
    await pb
    expect(client.connection.$connectingId.get()).toBeUndefined()
    expect(client.account.$account.get().status).toBe('connected')
  })

  it('attempts in two namespaces do not supersede each other, and the marker follows the pending one', async () => {
    const evm = createFakeWallet()
    announce(evm, 'EVM', 'com.evm')
    const answerEvm = gate()
    evm.override('eth_requestAccounts', () => answerEvm.promise)
    const answerSolana = gate()
    const SOLANA_ADDRESS = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'
    // A Solana wallet at the edge of the world, behind a minimal adapter of the app's own.
    const solanaAdapter: ChainAdapter = {
      namespace: 'solana',
      isAddress: () => true,
      connection: {
        connect: async () => {
          await answerSolana.promise
          return { addresses: [SOLANA_ADDRESS], chainReference: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }
        },
        reconnect: async () => undefined,
        disconnect: async () => undefined,
        subscribe: () => () => undefined,
      },
    }
    const { client } = createOfflinePortico(cleanup, {
      networks: [
        networks[0],
        {
          id: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
          name: 'Solana',
          nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
          rpcUrls: { http: [DOWN] },
        },
      ],
      adapters: { solana: async () => solanaAdapter },
      connectors: [
        { id: 'sol.wallet', name: 'Sol', chain: 'solana', provider: createFakeWallet().provider },
      ],
    })
    const pEvm = client.connection.connect({ connectorId: 'com.evm' })
    await prompted(evm)
    const pSolana = client.connection.connect({ connectorId: 'sol.wallet' })
    expect(client.connection.$connectingId.get()).toBe('sol.wallet')
    answerSolana.resolve(undefined)
    await pSolana
    expect(client.connection.$connectingId.get()).toBe('com.evm')
    answerEvm.resolve([TEST_ACCOUNTS[0]])
    await pEvm
    expect(client.connection.$connectingId.get()).toBeUndefined()
    expect(client.connection.$connections.get().eip155?.status).toBe('connected')
    expect(client.connection.$connections.get().solana?.status).toBe('connected')
  })

  it('going back to a wallet whose prompt is still open joins that prompt', async () => {
    const a = createFakeWallet()
    const b = createFakeWallet()
    announce(a, 'A', 'com.a')
    announce(b, 'B', 'com.b')
    const { client, activeId } = setup()
    const answerA = gate()
    a.override('eth_requestAccounts', () => answerA.promise)
    b.override('eth_requestAccounts', () => new Promise(() => undefined))
    void client.connection.connect({ connectorId: 'com.a' }).catch(() => undefined)
    await prompted(a)
    void client.connection.connect({ connectorId: 'com.b' }).catch(() => undefined)
    await prompted(b)
    const again = client.connection.connect({ connectorId: 'com.a' })
    expect(client.connection.$connectingId.get()).toBe('com.a')
    answerA.resolve([TEST_ACCOUNTS[0]])
    await again
    expect(requests(a, 'eth_requestAccounts')).toBe(1)
    expect(activeId()).toBe('com.a')
    expect(client.connection.$connectingId.get()).toBeUndefined()
  })
})

describe('disconnect cancels what is pending', () => {
  it('a connect that the wallet approves after disconnect does not connect', async () => {
    const a = createFakeWallet()
    announce(a, 'A', 'com.a')
    const { client, storage } = setup()
    const answer = gate()
    a.override('eth_requestAccounts', () => answer.promise)
    const pending = client.connection.connect({ connectorId: 'com.a' }).catch((e) => e)
    await prompted(a)
    expect(client.account.$account.get().status).toBe('connecting')
    await client.connection.disconnect()
    expect(client.account.$account.get().status).toBe('disconnected')
    expect(client.connection.$connectingId.get()).toBeUndefined()
    expect(isPorticoError(await pending, 'ABORTED')).toBe(true)
    answer.resolve([TEST_ACCOUNTS[0]])
    await settle()
    expect(client.account.$account.get().status).toBe('disconnected')
    expect(stored(storage, 'connected_connector_id:eip155')).toBeUndefined()
    expect(client.connectors.$recentWallets.get()).toEqual([])
  })

  it('a reconnect that the wallet answers after disconnect does not reconnect', async () => {
    const storage = createMemoryStorage({
      '@portico/connected_connector_id:eip155': JSON.stringify('com.a'),
      '@portico/connected_namespaces': JSON.stringify(['eip155']),
    })
    const a = createFakeWallet({ authorized: true })
    announce(a, 'A', 'com.a')
    const answer = gate()
    a.override('eth_accounts', () => answer.promise)
    const { client } = setup(storage)
    const reconnecting = client.connection.reconnect()
    await vi.waitFor(() => expect(requests(a, 'eth_accounts')).toBe(1), { timeout: 15_000 })
    expect(client.account.$account.get().status).toBe('reconnecting')
    await client.connection.disconnect()
    expect(client.account.$account.get().status).toBe('disconnected')
    answer.resolve([TEST_ACCOUNTS[0]])
    await reconnecting
    await settle()
    expect(client.account.$account.get().status).toBe('disconnected')
    expect(stored(storage, 'connected_connector_id:eip155')).toBeUndefined()
    expect(stored(storage, 'connected_namespaces')).toBeUndefined()
  })

  it('a network switch that the wallet answers after disconnect changes nothing', async () => {
    const a = createFakeWallet()
    announce(a, 'A', 'com.a')
    const { client } = setup()
    await client.connection.connect({ connectorId: 'com.a' })
    const answer = gate()
    a.override('wallet_switchEthereumChain', () => answer.promise)
    const switching = client.connection.switchNetwork(networks[1]).catch((e) => e)
    expect(client.connection.$switchingTo.get()?.id).toBe('eip155:31338')
    await client.connection.disconnect()
    expect(isPorticoError(await switching, 'ABORTED')).toBe(true)
    expect(client.connection.$switchingTo.get()).toBeUndefined()
    expect(client.connection.$networkSwitch.get().isPending).toBe(false)
    answer.resolve(null)
    await settle()
    expect(client.network.$walletChains.get()).toEqual({})
    expect(client.account.$account.get().status).toBe('disconnected')
  })
})

describe('reconnect', () => {
  it('giving up on a stored wallet that never announces leaves a newer connection alone', async () => {
    fakeTimers()
    const storage = createMemoryStorage({
      '@portico/connected_connector_id:eip155': JSON.stringify('com.gone'),
      '@portico/connected_namespaces': JSON.stringify(['eip155']),
      '@portico/connection_status': JSON.stringify('connected'),
    })
    const b = createFakeWallet()
    announce(b, 'B', 'com.b')
    const { client, activeId } = setup(storage)
    const reconnecting = client.connection.reconnect()
    expect(client.account.$account.get().status).toBe('reconnecting')
    await client.connection.connect({ connectorId: 'com.b' })
    await vi.advanceTimersByTimeAsync(2_000)
    await reconnecting
    expect(client.account.$account.get()).toMatchObject({
      status: 'connected',
      address: TEST_ACCOUNTS[0],
    })
    expect(activeId()).toBe('com.b')
    expect(stored(storage, 'connected_connector_id:eip155')).toBe('com.b')
  })

  it('restoring after hydration does not replace a connection the user started', async () => {
    const storage = createMemoryStorage({
      '@portico/connected_connector_id:eip155': JSON.stringify('com.a'),
      '@portico/connected_namespaces': JSON.stringify(['eip155']),
    })
    const a = createFakeWallet({ authorized: true })
    const b = createFakeWallet({ accounts: [TEST_ACCOUNTS[1]] })
    announce(a, 'A', 'com.a')
    announce(b, 'B', 'com.b')
    const { client, activeId } = setup(storage, true)
    const answer = gate()
    b.override('eth_requestAccounts', () => answer.promise)
    const connecting = client.connection.connect({ connectorId: 'com.b' })
    await prompted(b)
    await client.connection.reconnect()
    expect(a.calls).toEqual([])
    expect(client.account.$account.get().status).toBe('connecting')
    answer.resolve([TEST_ACCOUNTS[1]])
    await connecting
    expect(activeId()).toBe('com.b')
  })

  it('waits 2 s for a stored wallet to announce, then stays disconnected and keeps the choice', async () => {
    fakeTimers()
    const storage = createMemoryStorage({
      '@portico/connected_connector_id:eip155': JSON.stringify('com.late'),
      '@portico/connected_namespaces': JSON.stringify(['eip155']),
    })
    const { client } = setup(storage)
    const reconnecting = client.connection.reconnect()
    await vi.advanceTimersByTimeAsync(1_999)
    expect(client.account.$account.get().status).toBe('reconnecting')
    await vi.advanceTimersByTimeAsync(1)
    await reconnecting
    expect(client.account.$account.get().status).toBe('disconnected')
    expect(stored(storage, 'connected_connector_id:eip155')).toBe('com.late')
  })

  it('a wallet that does not answer the silent check in 10 s leaves the namespace disconnected', async () => {
    fakeTimers()
    const storage = createMemoryStorage({
      '@portico/connected_connector_id:eip155': JSON.stringify('com.a'),
      '@portico/connected_namespaces': JSON.stringify(['eip155']),
    })
    const a = createFakeWallet({ authorized: true })
    announce(a, 'A', 'com.a')
    a.override('eth_accounts', () => new Promise(() => undefined))
    const { client } = setup(storage)
    const reconnecting = client.connection.reconnect()
    await asked(a, 'eth_accounts')
    await vi.advanceTimersByTimeAsync(9_999)
    expect(client.account.$account.get().status).toBe('reconnecting')
    await vi.advanceTimersByTimeAsync(1)
    await reconnecting
    expect(client.account.$account.get().status).toBe('disconnected')
    // Nothing was refused: the next visit tries again.
    expect(stored(storage, 'connected_connector_id:eip155')).toBe('com.a')
    // The user can still connect by hand, with a prompt.
    a.reset('eth_accounts')
    await client.connection.connect({ connectorId: 'com.a' })
    expect(client.account.$account.get().status).toBe('connected')
  })
})

describe('wallet requests time out', () => {
  it('a wallet that never answers the connection request fails after 2 minutes; a retry asks again', async () => {
    fakeTimers()
    const a = createFakeWallet()
    announce(a, 'A', 'com.a')
    const { client } = setup()
    a.override('eth_requestAccounts', () => new Promise(() => undefined))
    const first = client.connection.connect({ connectorId: 'com.a' })
    const outcome = first.catch((e) => e)
    await asked(a, 'eth_requestAccounts')
    await vi.advanceTimersByTimeAsync(119_999)
    // Within the time, a second click joins the open prompt.
    expect(client.connection.connect({ connectorId: 'com.a' })).toBe(first)
    expect(client.connection.$connectingId.get()).toBe('com.a')
    expect(client.account.$account.get().status).toBe('connecting')
    await vi.advanceTimersByTimeAsync(1)
    const error = await outcome
    expect(isPorticoError(error, 'WALLET_TIMEOUT')).toBe(true)
    expect(errorMessage(error)).toEqual({
      key: 'error.WALLET_TIMEOUT',
      params: { request: 'connect', seconds: 120 },
    })
    expect(client.connection.$error.get()).toBe(error)
    expect(client.connection.$connectingId.get()).toBeUndefined()
    expect(client.account.$account.get().status).toBe('disconnected')
    expect(requests(a, 'eth_requestAccounts')).toBe(1)

    a.reset('eth_requestAccounts')
    await client.connection.connect({ connectorId: 'com.a' })
    expect(requests(a, 'eth_requestAccounts')).toBe(2)
    expect(client.connection.$error.get()).toBeUndefined()
    expect(client.account.$account.get().status).toBe('connected')
  })

  it('a wallet that never answers a network switch fails after 2 minutes; a retry asks again', async () => {
    fakeTimers()
    const a = createFakeWallet()
    announce(a, 'A', 'com.a')
    const { client } = setup()
    await client.connection.connect({ connectorId: 'com.a' })
    a.override('wallet_switchEthereumChain', () => new Promise(() => undefined))
    const switching = client.connection.switchNetwork(networks[1]).catch((e) => e)
    await asked(a, 'wallet_switchEthereumChain')
    await vi.advanceTimersByTimeAsync(119_999)
    expect(client.connection.$switchingTo.get()?.id).toBe('eip155:31338')
    await vi.advanceTimersByTimeAsync(1)
    const error = await switching
    expect(isPorticoError(error, 'WALLET_TIMEOUT')).toBe(true)
    expect(errorMessage(error)).toEqual({
      key: 'error.WALLET_TIMEOUT',
      params: { request: 'switchNetwork', seconds: 120 },
    })
    expect(client.connection.$switchingTo.get()).toBeUndefined()
    expect(client.connection.$networkSwitch.get()).toMatchObject({ status: 'error', error })
    expect(client.network.$activeNetwork.get().id).toBe('eip155:31337')

    a.reset('wallet_switchEthereumChain')
    await client.connection.switchNetwork(networks[1])
    expect(requests(a, 'wallet_switchEthereumChain')).toBe(2)
    expect(client.network.$activeNetwork.get().id).toBe('eip155:31338')
  })

  it('a network switch answered after another wallet connected does not touch the new one', async () => {
    const a = createFakeWallet({ accounts: [TEST_ACCOUNTS[0]] })
    const b = createFakeWallet({ accounts: [TEST_ACCOUNTS[1]] })
    announce(a, 'A', 'com.a')
    announce(b, 'B', 'com.b')
    const { client } = setup()
    await client.connection.connect({ connectorId: 'com.a' })
    const answer = gate()
    a.override('wallet_switchEthereumChain', () => answer.promise)
    const switching = client.connection.switchNetwork(networks[1]).catch((e) => e)
    await client.connection.connect({ connectorId: 'com.b' })
    expect(isPorticoError(await switching, 'ABORTED')).toBe(true)
    answer.resolve(null)
    await settle()
    expect(client.account.$account.get().caipAddress).toBe(`eip155:31337:${TEST_ACCOUNTS[1]}`)
    expect(client.network.$walletChains.get()).toEqual({ eip155: 'eip155:31337' })
  })
})

describe('network switches: the latest choice wins', () => {
  it('a second click on the same network joins the prompt under way', async () => {
    const a = createFakeWallet()
    announce(a, 'A', 'com.a')
    const { client } = setup()
    await client.connection.connect({ connectorId: 'com.a' })
    const answer = gate()
    a.override('wallet_switchEthereumChain', () => answer.promise)
    const first = client.connection.switchNetwork(networks[1])
    const second = client.connection.switchNetwork(networks[1])
    expect(second).toBe(first)
    answer.resolve(null)
    await first
    expect(requests(a, 'wallet_switchEthereumChain')).toBe(1)
    expect(client.network.$activeNetwork.get().id).toBe('eip155:31338')
  })

  it('picking another network replaces the switch under way; its late answer writes nothing', async () => {
    const a = createFakeWallet()
    announce(a, 'A', 'com.a')
    const { client } = setup()
    await client.connection.connect({ connectorId: 'com.a' })
    const toL2 = gate()
    a.override('wallet_switchEthereumChain', () => toL2.promise)
    const first = client.connection.switchNetwork(networks[1]).catch((e) => e)
    await vi.waitFor(() => expect(requests(a, 'wallet_switchEthereumChain')).toBe(1), {
      timeout: 15_000,
    })
    const toL3 = gate()
    a.override('wallet_switchEthereumChain', () => toL3.promise)
    const second = client.connection.switchNetwork(networks[2])
    expect(isPorticoError(await first, 'ABORTED')).toBe(true)
    expect(client.connection.$switchingTo.get()?.id).toBe('eip155:31339')
    expect(client.connection.$networkSwitch.get().status).toBe('pending')
    toL3.resolve(null)
    await second
    expect(client.network.$activeNetwork.get().id).toBe('eip155:31339')
    toL2.resolve(null)
    await settle()
    expect(client.network.$activeNetwork.get().id).toBe('eip155:31339')
    expect(client.account.$account.get().caipAddress).toBe(`eip155:31339:${TEST_ACCOUNTS[0]}`)
    expect(client.connection.$networkSwitch.get().status).toBe('success')
    expect(client.connection.$switchingTo.get()).toBeUndefined()
  })
})

describe('EIP-6963: the first announcement of an id wins', () => {
  it('a connected wallet keeps its provider when another announces under its rdns', async () => {
    const real = createFakeWallet({ accounts: [TEST_ACCOUNTS[0]] })
    const impostor = createFakeWallet({ accounts: [TEST_ACCOUNTS[1]], authorized: true })
    announce(real, 'MetaMask', 'io.metamask')
    const { client, activeId } = setup()
    await client.connection.connect({ connectorId: 'io.metamask' })
    announce(impostor, 'MetaMask', 'io.metamask')
    expect(client.connectors.get('io.metamask')?.provider).toBe(real.provider)
    expect(activeId()).toBe('io.metamask')
    await client.connection.switchNetwork(networks[1])
    expect(requests(real, 'wallet_switchEthereumChain')).toBe(1)
    expect(impostor.calls).toEqual([])
    // A second connect goes to the first wallet too.
    await client.connection.connect({ connectorId: 'io.metamask' })
    expect(requests(real, 'eth_requestAccounts')).toBe(2)
    expect(client.account.$account.get().address).toBe(TEST_ACCOUNTS[0])
  })
})

describe('which wallet requests have a deadline', () => {
  const connector = (type: Connector['type']): Connector => ({
    id: 'x',
    name: 'X',
    type,
    chain: 'eip155',
  })

  it('browser wallets and app connectors: 120 s to connect or switch, 10 s to reconnect', () => {
    for (const type of ['INJECTED', 'ANNOUNCED', 'EXTERNAL', 'MULTI_CHAIN'] as const) {
      expect(walletRequestTimeout(connector(type), 'connect')).toBe(120_000)
      expect(walletRequestTimeout(connector(type), 'switchNetwork')).toBe(120_000)
      expect(walletRequestTimeout(connector(type), 'reconnect')).toBe(10_000)
    }
  })

  it('none for WalletConnect and the embedded wallet, which keep their own clocks', () => {
    for (const type of ['WALLET_CONNECT', 'AUTH'] as const) {
      for (const kind of ['connect', 'switchNetwork', 'reconnect'] as const) {
        expect(walletRequestTimeout(connector(type), kind)).toBeUndefined()
      }
    }
  })
})

describe('an abandoned wallet request says why, for the caller to tell the cases apart', () => {
  it('replaced by a connect to another wallet', async () => {
    const a = createFakeWallet()
    const b = createFakeWallet()
    announce(a, 'A', 'com.a')
    announce(b, 'B', 'com.b')
    const { client } = setup()
    a.override('eth_requestAccounts', () => new Promise(() => undefined))
    const first = client.connection.connect({ connectorId: 'com.a' }).catch((e) => e)
    await prompted(a)
    await client.connection.connect({ connectorId: 'com.b' })
    const error = await first
    expect(isPorticoError(error, 'ABORTED')).toBe(true)
    expect(error.message).toBe('A later connection attempt replaced this one')
    expect(error.details).toEqual({ reason: 'replaced' })
  })

  it('cancelled by disconnect', async () => {
    const a = createFakeWallet()
    announce(a, 'A', 'com.a')
    const { client } = setup()
    a.override('eth_requestAccounts', () => new Promise(() => undefined))
    const pending = client.connection.connect({ connectorId: 'com.a' }).catch((e) => e)
    await prompted(a)
    await client.connection.disconnect()
    const error = await pending
    expect(isPorticoError(error, 'ABORTED')).toBe(true)
    expect(error.message).toBe('Disconnected while the wallet was asked')
    expect(error.details).toEqual({ reason: 'disconnected' })
  })

  it('stopped by destroying the client', async () => {
    const a = createFakeWallet()
    announce(a, 'A', 'com.a')
    const { client } = setup()
    a.override('eth_requestAccounts', () => new Promise(() => undefined))
    const pending = client.connection.connect({ connectorId: 'com.a' }).catch((e) => e)
    await prompted(a)
    client.destroy()
    const error = await pending
    expect(isPorticoError(error, 'ABORTED')).toBe(true)
    expect(error.message).toBe('The client was destroyed')
    expect(error.details).toEqual({ reason: 'destroyed' })
  })

  it('a wallet that does not answer in time: the message names the request and the seconds', async () => {
    fakeTimers()
    const a = createFakeWallet()
    announce(a, 'A', 'com.a')
    const { client } = setup()
    a.override('eth_requestAccounts', () => new Promise(() => undefined))
    const pending = client.connection.connect({ connectorId: 'com.a' }).catch((e) => e)
    await asked(a, 'eth_requestAccounts')
    await vi.advanceTimersByTimeAsync(120_000)
    const error = await pending
    expect(error.message).toBe('The wallet did not answer the connect request in 120 s')
    expect(error.details).toEqual({ request: 'connect', seconds: 120 })
  })
})
