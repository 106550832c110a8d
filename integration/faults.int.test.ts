import { createMemoryStorage, createPortico, type PorticoClient } from '@portico/core'
import { type Devnet, startDevnet } from '@portico/devnet'
import { createDevnetWalletCore } from '@portico/devnet/wallet'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

// The SDK against a devnet whose API fails on purpose, for every endpoint family: what the user
// sees, and that nothing already loaded or stored is lost.
let devnet: Devnet
let portico: PorticoClient
const storage = createMemoryStorage()
// The client's clock: moved by hand past the 30 s balance retry block between cases.
let clock = Date.now()

const FAULTS = [
  { label: '503', fault: { mode: '503' } },
  { label: '403', fault: { mode: '403' } },
  { label: 'malformed JSON', fault: { mode: 'malformed', malformed: 'syntax' } },
  { label: 'wrongly typed body', fault: { mode: 'malformed', malformed: 'types' } },
] as const
const EXPECTED_CODE = {
  '503': 'API_ERROR',
  '403': 'API_ERROR',
  'malformed JSON': 'INVALID_RESPONSE',
  'wrongly typed body': 'INVALID_RESPONSE',
} as const

beforeAll(async () => {
  devnet = await startDevnet({ ports: { api: 0, chains: [0, 0, 0], relay: 0 } })
  const wallet = createDevnetWalletCore({ chains: [...devnet.chains], autoApprove: true })
  portico = createPortico({
    projectId: 'devnet',
    networks: [devnet.networks[0]!, ...devnet.networks.slice(1)],
    apiUrls: { blockchain: devnet.apiUrl, toolkit: devnet.apiUrl },
    storage,
    logLevel: 'silent',
    now: () => clock,
    connectors: [{ id: 'devnet-wallet', name: 'Devnet Wallet', provider: wallet.provider }],
  })
  devnet.names.register('faulty.reown.id', devnet.accounts[0]!.address)
  await portico.connection.connect({ connectorId: 'devnet-wallet' })
}, 90_000)

afterEach(() => {
  devnet.faults.clear()
  portico.toast.hide()
  vi.useRealTimers()
})

afterAll(async () => {
  portico?.destroy()
  await devnet?.stop()
})

/** Resolves once the store holds a value that passes `test`. */
function until<T>(store: { subscribe(cb: (v: T) => void): () => void }, test: (v: T) => boolean) {
  return new Promise<T>((resolve) => {
    const stop = store.subscribe((value) => {
      if (!test(value)) return
      queueMicrotask(() => stop())
      resolve(value)
    })
  })
}

describe('token balances under faults', () => {
  it.each(FAULTS)(
    '$label: shows Token Balance Unavailable and keeps the tokens shown',
    async ({ fault }) => {
      clock += 30_000
      // Shown as a UI shows it: subscribed.
      let shown = portico.balances.$tokenBalances.get()
      const stop = portico.balances.$tokenBalances.listen((state) => {
        shown = state
      })
      const before = await portico.balances.fetchTokenBalances({ forceUpdate: true })
      expect(before.map((token) => token.symbol)).toContain('USDC')
      devnet.faults.set({ route: '/v1/account', ...fault })
      const after = await portico.balances.fetchTokenBalances({ forceUpdate: true })
      expect(after).toEqual(before)
      expect(shown).toMatchObject({ status: 'error', data: before })
      expect(portico.toast.$toast.get()).toMatchObject({
        open: true,
        variant: 'error',
        message: { key: 'balances.unavailable' },
      })
      // After a failure, retries wait 30 s: with the service back, nothing is asked yet.
      devnet.faults.clear()
      clock += 29_999
      expect(await portico.balances.fetchTokenBalances({ forceUpdate: true })).toEqual(before)
      expect(shown.status).toBe('error')
      stop()
    },
  )
})

describe('names and identity under faults', () => {
  it.each(FAULTS)(
    '$label: lookups fail with the catalogue messages, cached answers stay',
    async ({ label, fault }) => {
      // Read (and cache) before the service breaks.
      expect(await portico.names.resolveName('faulty.reown.id')).toBe(devnet.accounts[0]!.address)
      devnet.faults.set({ route: '/v1/profile', ...fault })
      devnet.faults.set({ route: '/v1/identity', ...fault })
      // A name the service knows but the SDK has not read yet: the answer itself is broken.
      const fresh = `fresh-${label.replace(/\W/g, '')}.reown.id`
      devnet.names.register(fresh, devnet.accounts[1]!.address)
      const resolve = await portico.names.resolveName(fresh).catch((e) => e)
      expect(resolve.message).toBe('Error resolving name')
      expect(resolve.cause.code).toBe(EXPECTED_CODE[label])
      await expect(portico.names.reverseLookup(devnet.accounts[1]!.address)).rejects.toThrow(
        'Error fetching names for address',
      )
      await expect(portico.names.suggestions(`x${label.replace(/\W/g, '')}`)).rejects.toThrow(
        'Error fetching name suggestions',
      )
      const identity = await portico.identity
        .fetchIdentity(devnet.accounts[2]!.address)
        .catch((e) => e)
      expect(identity.code).toBe(EXPECTED_CODE[label])
      // What was read before the fault still answers, from the 5-minute cache.
      expect(await portico.names.resolveName('faulty.reown.id')).toBe(devnet.accounts[0]!.address)
    },
  )
})

describe('the wallet list under faults', () => {
  it.each(FAULTS)(
    '$label: the list says it failed and keeps the wallets already loaded',
    async ({ fault }) => {
      if (portico.wallets.$page.get() === 0) await portico.wallets.fetchNextPage()
      const loaded = portico.wallets.$wallets.get()
      expect(loaded.length).toBeGreaterThan(0)
      devnet.faults.set({ route: '/getWallets', ...fault })
      await portico.wallets.fetchNextPage()
      expect(portico.wallets.$status.get()).toBe('error')
      expect(portico.wallets.$wallets.get().slice(0, loaded.length)).toEqual(loaded)
    },
  )
})

describe('the origin check under faults', () => {
  it('is advisory: a failing service raises no alert and the modal opens', async () => {
    devnet.faults.set({ route: '/projects/v1/origins', mode: '503' })
    portico.modal.open()
    expect(portico.modal.$open.get()).toBe(true)
    portico.modal.close()
    expect(portico.alerts.$alerts.get()).toEqual([])
  })
})

describe('timeouts', () => {
  it('a service that never answers fails after 30 s with API_TIMEOUT, never hangs', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    devnet.faults.set({ route: '/v1/identity', mode: 'timeout' })
    const identity = portico.identity.fetchIdentity(devnet.accounts[3]!.address).catch((e) => e)
    // Let the request reach the held connection before the clock moves.
    await until(
      { subscribe: (cb: (v: number) => void) => poll(cb) },
      () => devnet.faults.list().length > 0,
    )
    await vi.advanceTimersByTimeAsync(29_999)
    await vi.advanceTimersByTimeAsync(1)
    expect((await identity).code).toBe('API_TIMEOUT')
  })
})

function poll(cb: (v: number) => void) {
  cb(0)
  return () => undefined
}
