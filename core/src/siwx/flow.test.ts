import { computed } from 'nanostores'
import { type Hex, verifyMessage } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { AdapterEventHandlers, ChainAdapter } from '../adapters/index.js'
import type { PorticoOptions } from '../client/index.js'
import { createMemoryStorage } from '../storage/index.js'
import { createInspectablePortico } from '../test-utils/portico.js'
import { createBrowserSiwx } from './browser.js'
import { createSignInMessage } from './message.js'
import { createServerSiwx } from './server.js'
import type { SiweConfig, SiwxConfig, SiwxMessageData, SiwxSession } from './types.js'

const ACCOUNTS = [
  '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
] as const

const networks = [
  {
    id: 'eip155:31337',
    name: 'Devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { http: ['http://127.0.0.1:9'] },
  },
  {
    id: 'eip155:31338',
    name: 'Devnet L2',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { http: ['http://127.0.0.1:10'] },
  },
] as const satisfies PorticoOptions['networks']

type SignRequest = {
  address: string
  message: string
  approve(signature?: string): void
  reject(error: unknown): void
}

/** A wallet at the edge of the world: every sign request waits for the test to answer it. */
function createWallet({
  namespace = 'eip155',
  address = ACCOUNTS[0] as string,
  chain = '31337',
  canSign = true,
}: {
  namespace?: 'eip155' | 'solana'
  address?: string
  chain?: string
  /** False: a wallet of a kind that cannot sign messages. */
  canSign?: boolean
} = {}) {
  const handlers: AdapterEventHandlers[] = []
  /** A restore answers once this settles (at once unless the test holds it). */
  let restoring: Promise<void> = Promise.resolve()
  const requests: SignRequest[] = []
  const waiters: ((request: SignRequest) => void)[] = []
  const adapter: ChainAdapter = {
    namespace,
    isAddress: (a) => namespace !== 'eip155' || /^0x[0-9a-fA-F]{40}$/.test(a),
    connection: {
      connect: async () => ({ addresses: [address], chainReference: chain }),
      reconnect: async () => {
        await restoring
        return { addresses: [address], chainReference: chain }
      },
      disconnect: async () => undefined,
      subscribe: (_connector, h) => {
        handlers.push(h)
        return () => handlers.splice(handlers.indexOf(h), 1)
      },
    },
    networks: { switchNetwork: async () => undefined },
    ...(canSign
      ? {
          signing: {
            request: async () => null,
            signMessage: (_connector, address, message) =>
              new Promise<string>((resolve, reject) => {
                const request: SignRequest = {
                  address,
                  message,
                  approve: (signature = `0x${'ab'.repeat(65)}`) => resolve(signature),
                  reject,
                }
                const waiter = waiters.shift()
                if (waiter) waiter(request)
                else requests.push(request)
              }),
          },
        }
      : {}),
  }
  return {
    adapter,
    setChain: (reference: string) => {
      chain = reference
    },
    /** The next sign request the wallet shows. */
    nextSign: () =>
      new Promise<SignRequest>((resolve) => {
        const queued = requests.shift()
        if (queued) resolve(queued)
        else waiters.push(resolve)
      }),
    pendingSigns: () => requests.length,
    /** From now on a restore waits until the returned function is called. */
    holdRestore: () => {
      let answer: () => void = () => undefined
      restoring = new Promise<void>((resolve) => {
        answer = resolve
      })
      return answer
    },
    accountsChanged: (next: string) => {
      address = next
      for (const h of [...handlers]) h.accountsChanged([next])
    },
    chainChanged: (reference: string) => {
      chain = reference
      for (const h of [...handlers]) h.chainChanged(reference)
    },
  }
}

const REJECTED = { code: 4001, message: 'User rejected the request.' }

const isFor = (session: SiwxSession, chainId: string, address: string) =>
  session.data.chainId === chainId &&
  session.data.accountAddress.toLowerCase() === address.toLowerCase()

type Held = { call: string; go(): void; fail(error: unknown): void }
type HeldMethod = 'createMessage' | 'addSession' | 'getSessions'

/**
 * The app's own sign-in backend, at the edge of the world: it records every call. A method the
 * test holds answers only when the test lets each call go (a slow server), in any order.
 */
function createBackend({
  required = false,
  signOutOnDisconnect,
}: {
  required?: boolean
  signOutOnDisconnect?: boolean
} = {}) {
  let nonces = 0
  const sessions: SiwxSession[] = []
  const calls: string[] = []
  const held = new Set<HeldMethod>()
  const waiting: Held[] = []
  const watchers: (() => void)[] = []
  async function gate(method: HeldMethod, call: string) {
    if (!held.has(method)) return
    await new Promise<void>((go, fail) => {
      waiting.push({ call, go, fail })
      for (const watch of watchers.splice(0)) watch()
    })
  }
  const config: SiwxConfig & { refuse?: Error; failGetSessions?: Error } = {
    async createMessage({ accountAddress, chainId }) {
      const call = `createMessage ${chainId}:${accountAddress}`
      calls.push(call)
      nonces += 1
      const data: SiwxMessageData = {
        accountAddress,
        chainId,
        domain: 'app.example',
        uri: 'https://app.example/',
        version: '1',
        nonce: `nonce${String(nonces).padStart(8, '0')}`,
        issuedAt: new Date(Date.now()).toISOString(),
        expirationTime: new Date(Date.now() + 3_600_000).toISOString(),
      }
      await gate('createMessage', call)
      return createSignInMessage(data)
    },
    async addSession(session) {
      const call = `addSession ${session.data.nonce}`
      calls.push(call)
      await gate('addSession', call)
      if (config.refuse) throw config.refuse
      sessions.push(session)
    },
    async revokeSession(chainId, address) {
      calls.push(`revokeSession ${chainId}:${address}`)
      const kept = sessions.filter((s) => !isFor(s, chainId, address))
      sessions.splice(0, sessions.length, ...kept)
    },
    async setSessions(list) {
      calls.push(`setSessions ${list.length}`)
      sessions.splice(0, sessions.length, ...list)
    },
    async getSessions(chainId, address) {
      const call = `getSessions ${chainId}:${address}`
      calls.push(call)
      if (config.failGetSessions) throw config.failGetSessions
      // What the server holds when it reads, answered when the test lets it.
      const found = sessions.filter((s) => isFor(s, chainId, address))
      await gate('getSessions', call)
      return found
    },
    getRequired: () => required,
    ...(signOutOnDisconnect === undefined ? {} : { signOutOnDisconnect }),
  }
  return {
    config,
    sessions,
    calls,
    /** From now on, each call of `method` waits for the test. */
    hold: (method: HeldMethod) => held.add(method),
    /** Answers the calls of `method` at once again (the ones waiting still wait). */
    release: (method: HeldMethod) => held.delete(method),
    /** The held call named `call` (e.g. `getSessions eip155:31337:0x…`), once it arrives. */
    async held(call: string): Promise<Held> {
      for (;;) {
        const index = waiting.findIndex((w) => w.call === call)
        if (index >= 0) return waiting.splice(index, 1)[0] as Held
        await new Promise<void>((resolve) => watchers.push(resolve))
      }
    },
  }
}

// Sign-in's code and viem's message writer load on first use: load them once, before the clock
// runs.
beforeAll(async () => {
  await Promise.all([import('./lazy.js'), import('viem/siwe'), import('viem')])
}, 60_000)

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
  vi.useRealTimers()
})

const SOLANA_MAINNET = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const SOLANA_ADDRESS = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'
const solanaNetwork = {
  id: `solana:${SOLANA_MAINNET}`,
  name: 'Solana',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { http: ['http://127.0.0.1:11'] },
} as const

function setup(
  options: {
    siwx?: SiwxConfig
    siweConfig?: SiweConfig
    storage?: PorticoOptions['storage']
    wallet?: ReturnType<typeof createWallet>
    /** A Solana wallet too (connector `sol`), and the app lists a Solana network. */
    solana?: ReturnType<typeof createWallet>
    /** Options of the client beyond the test's defaults (`metadata: undefined` removes it). */
    client?: Partial<PorticoOptions>
  } = {},
) {
  const wallet = options.wallet ?? createWallet()
  const { solana } = options
  const built = createInspectablePortico({
    projectId: 'p',
    networks: solana ? [...networks, solanaNetwork] : networks,
    storage: options.storage ?? createMemoryStorage(),
    logLevel: 'silent',
    apiUrls: { blockchain: 'http://api.test', toolkit: 'http://api.test' },
    metadata: { name: 'Sign-in test', description: 'd', url: 'https://app.example/', icons: [] },
    connectors: [
      { id: 'wallet', name: 'Wallet', provider: { request: async () => null } },
      ...(solana
        ? [{ id: 'sol', name: 'Sol', chain: 'solana', provider: { request: async () => null } }]
        : []),
    ],
    adapters: {
      eip155: async () => wallet.adapter,
      ...(solana ? { solana: async () => solana.adapter } : {}),
    },
    ...(options.siwx ? { siwx: options.siwx } : {}),
    ...(options.siweConfig ? { siweConfig: options.siweConfig } : {}),
    ...options.client,
  } as PorticoOptions)
  cleanups.push(() => built.client.destroy())
  return { ...built, wallet, client: built.client }
}

/**
 * Lets every callback already due run (promise jobs and the event loop's queue), without any
 * clock: what a flow does after the awaits the test released has happened once this resolves.
 */
async function settle() {
  for (let i = 0; i < 10; i++) await new Promise<void>((resolve) => setImmediate(resolve))
}

/** Resolves once a store's value passes `test` (on the store's own updates: no timer). */
function until<T>(
  store: { get(): T; listen(cb: (v: T) => void): () => void },
  test: (v: T) => boolean,
) {
  if (test(store.get())) return Promise.resolve(store.get())
  return new Promise<T>((resolve) => {
    const stop = store.listen((value) => {
      if (!test(value)) return
      stop()
      resolve(value)
    })
  })
}

type Client = ReturnType<typeof setup>['client']
/** Resolves once the modal shows `view` (open, on top of the stack). */
const viewIs = (client: Client, view: string) =>
  until(
    computed([client.modal.$open, client.modal.$view], (open, entry) =>
      open ? entry.view : undefined,
    ),
    (shown) => shown === view,
  )
const prepared = (client: Client) =>
  until(client.siwx.$message, (s) => s.status === 'success').then((s) => s.data!)

describe('after a connection', () => {
  it('opens SIWXSignMessage with the message to sign when sign-in is required', async () => {
    const backend = createBackend({ required: true })
    const { client } = setup({ siwx: backend.config })
    await client.connection.connect({ connectorId: 'wallet' })
    await viewIs(client, 'SIWXSignMessage')
    expect(client.modal.$open.get()).toBe(true)
    expect(client.modal.$stack.get()).toEqual([
      { view: 'SIWXSignMessage', data: { caipAddress: `eip155:31337:${ACCOUNTS[0]}` } },
    ])
    const { text, data } = await prepared(client)
    expect(text.split('\n')[0]).toBe('app.example wants you to sign in with your Ethereum account:')
    expect(data).toMatchObject({ accountAddress: ACCOUNTS[0], chainId: 'eip155:31337' })
    expect(backend.calls).toEqual([
      `getSessions eip155:31337:${ACCOUNTS[0]}`,
      `createMessage eip155:31337:${ACCOUNTS[0]}`,
    ])
  })

  it('signs the message shown, stores the session and closes the modal', async () => {
    const backend = createBackend({ required: true })
    const { client, wallet } = setup({ siwx: backend.config })
    await client.connection.connect({ connectorId: 'wallet' })
    const { text } = await prepared(client)
    const signing = client.siwx.signIn()
    expect(client.siwx.$signIn.get()).toMatchObject({ status: 'pending', isPending: true })
    const request = await wallet.nextSign()
    expect(request).toMatchObject({ address: ACCOUNTS[0], message: text })
    request.approve('0x1234')
    const session = await signing
    expect(session).toEqual({ data: expect.any(Object), message: text, signature: '0x1234' })
    expect(backend.sessions).toEqual([session])
    expect(client.siwx.$session.get()).toBe(session)
    expect(client.siwx.$sessionInfo.get()).toEqual({
      address: ACCOUNTS[0],
      chainId: 'eip155:31337',
      caipAddress: `eip155:31337:${ACCOUNTS[0]}`,
      expiresAt: session.data.expirationTime,
      via: 'message',
    })
    expect(client.modal.$open.get()).toBe(false)
    // The history is cleared: the next open starts on Account.
    client.modal.open()
    expect(client.modal.$stack.get()).toEqual([{ view: 'Account' }])
  })

  it('one Sign, even clicked twice: one wallet prompt', async () => {
    const { client, wallet } = setup({ siwx: createBackend().config })
    await client.connection.connect({ connectorId: 'wallet' })
    await prepared(client)
    const first = client.siwx.signIn()
    const second = client.siwx.signIn()
    ;(await wallet.nextSign()).approve()
    expect(await first).toBe(await second)
    expect(wallet.pendingSigns()).toBe(0)
  })

  it('does not ask when the account already has a session', async () => {
    const backend = createBackend({ required: true })
    const { client, wallet } = setup({ siwx: backend.config })
    await client.connection.connect({ connectorId: 'wallet' })
    await prepared(client)
    const signing = client.siwx.signIn()
    ;(await wallet.nextSign()).approve()
    await signing
    await client.connection.disconnect()
    // signOutOnDisconnect is on by default: the sessions were revoked.
    expect(backend.calls).toContain('setSessions 0')
    expect(backend.sessions).toEqual([])
  })

  it('keeps the sessions on disconnect when the configuration says so', async () => {
    const backend = createBackend({ signOutOnDisconnect: false })
    const { client, wallet } = setup({ siwx: backend.config })
    await client.connection.connect({ connectorId: 'wallet' })
    await prepared(client)
    const signing = client.siwx.signIn()
    ;(await wallet.nextSign()).approve()
    await signing
    client.modal.open({ view: 'Connect' })
    await client.connection.disconnect()
    expect(client.siwx.$session.get()).toBeUndefined()
    expect(backend.calls).not.toContain('setSessions 0')
    // Connecting again from the modal: the stored session is found, nothing is asked.
    client.modal.open({ view: 'ConnectingExternal' })
    await client.connection.connect({ connectorId: 'wallet' })
    await until(client.siwx.$session, (s) => s !== undefined)
    expect(client.modal.$open.get()).toBe(false)
    expect(backend.calls.filter((c) => c.startsWith('createMessage'))).toHaveLength(1)
  })

  it('asks when the stored session has expired', async () => {
    const backend = createBackend()
    const expired = await createSignInMessage({
      accountAddress: ACCOUNTS[0],
      chainId: 'eip155:31337',
      domain: 'app.example',
      uri: 'https://app.example/',
      version: '1',
      nonce: 'oldnonce1',
      issuedAt: '2020-01-01T00:00:00.000Z',
      expirationTime: '2020-01-02T00:00:00.000Z',
    })
    backend.sessions.push({ data: expired.data, message: expired.toString(), signature: '0x' })
    const { client } = setup({ siwx: backend.config })
    await client.connection.connect({ connectorId: 'wallet' })
    await viewIs(client, 'SIWXSignMessage')
    expect(client.siwx.$session.get()).toBeUndefined()
  })

  it('asks when the sessions cannot be read (the Sign button then says what is wrong)', async () => {
    const backend = createBackend()
    backend.config.failGetSessions = new Error('503')
    const { client } = setup({ siwx: backend.config })
    await client.connection.connect({ connectorId: 'wallet' })
    await viewIs(client, 'SIWXSignMessage')
  })

  it('shows the failure to make the message, and makes it again on request', async () => {
    const backend = createBackend()
    const make = backend.config.createMessage
    backend.config.createMessage = async () => {
      throw new Error('nonce service down')
    }
    const { client } = setup({ siwx: backend.config })
    await client.connection.connect({ connectorId: 'wallet' })
    const failed = await until(client.siwx.$message, (s) => s.status === 'error')
    expect(failed.error?.code).toBe('UNKNOWN_ERROR')
    backend.config.createMessage = make
    await client.siwx.prepareMessage()
    expect(client.siwx.$message.get().status).toBe('success')
  })
})

describe('the close lock and the navigation', () => {
  it('cannot be closed, by any means, while sign-in is required and no session exists', async () => {
    const { client } = setup({ siwx: createBackend({ required: true }).config })
    // Nobody connected yet: the lock holds already.
    client.modal.open()
    expect(client.modal.close()).toBe(false)
    client.modal.back()
    expect(client.modal.$open.get()).toBe(true)
    await client.connection.connect({ connectorId: 'wallet' })
    await viewIs(client, 'SIWXSignMessage')
    client.modal.back() // Escape
    expect(client.modal.$open.get()).toBe(true)
    expect(client.modal.$view.get().view).toBe('SIWXSignMessage')
  })

  it('closes freely when sign-in is optional', async () => {
    const { client } = setup({ siwx: createBackend().config })
    client.modal.open()
    expect(client.modal.close()).toBe(true)
  })

  it('Cancel disconnects when sign-in is required; the modal goes back to Connect', async () => {
    const { client } = setup({ siwx: createBackend({ required: true }).config })
    await client.connection.connect({ connectorId: 'wallet' })
    await viewIs(client, 'SIWXSignMessage')
    await client.siwx.cancel()
    expect(client.connection.$status.get()).toBe('disconnected')
    expect(client.modal.$open.get()).toBe(true)
    expect(client.modal.$view.get().view).toBe('Connect')
    expect(client.modal.close()).toBe(false)
  })

  it('Cancel only closes when sign-in is optional, and the account is not asked again', async () => {
    const backend = createBackend()
    const { client, wallet } = setup({ siwx: backend.config })
    await client.connection.connect({ connectorId: 'wallet' })
    await viewIs(client, 'SIWXSignMessage')
    await client.siwx.cancel()
    expect(client.modal.$open.get()).toBe(false)
    expect(client.connection.$status.get()).toBe('connected')
    // The same account on the same network, checked again: not asked.
    wallet.chainChanged('31337')
    await settle()
    expect(backend.calls.filter((c) => c.startsWith('getSessions'))).toHaveLength(2)
    expect(client.modal.$open.get()).toBe(false)
    expect(backend.calls.filter((c) => c.startsWith('createMessage'))).toHaveLength(1)
    // Another network has no session: asked there.
    wallet.chainChanged('31338')
    await viewIs(client, 'SIWXSignMessage')
    expect(client.modal.$view.get().data).toEqual({
      caipAddress: `eip155:31338:${ACCOUNTS[0]}`,
    })
  })

  it('Escape on an optional sign-in turns it down like Cancel', async () => {
    const backend = createBackend()
    const { client, wallet } = setup({ siwx: backend.config })
    await client.connection.connect({ connectorId: 'wallet' })
    await viewIs(client, 'SIWXSignMessage')
    client.modal.back()
    expect(client.modal.$open.get()).toBe(false)
    wallet.chainChanged('31337')
    await settle()
    expect(backend.calls.filter((c) => c.startsWith('getSessions'))).toHaveLength(2)
    expect(client.modal.$open.get()).toBe(false)
    expect(backend.calls.filter((c) => c.startsWith('createMessage'))).toHaveLength(1)
  })

  it('optional sign-in over Account goes back to a closed modal with its history cleared', async () => {
    const backend = createBackend()
    const { client, wallet } = setup({ siwx: backend.config })
    await client.connection.connect({ connectorId: 'wallet' })
    await viewIs(client, 'SIWXSignMessage')
    await client.siwx.cancel()
    client.modal.open()
    expect(client.modal.$view.get().view).toBe('Account')
    wallet.accountsChanged(ACCOUNTS[1])
    await viewIs(client, 'SIWXSignMessage')
    // Pushed over Account, not instead of it.
    expect(client.modal.$stack.get().map((e) => e.view)).toEqual(['Account', 'SIWXSignMessage'])
    await prepared(client)
    const signing = client.siwx.signIn()
    ;(await wallet.nextSign()).approve()
    await signing
    // The replace rule: no ConnectingSiwe in the stack, so the modal closes and clears history.
    expect(client.modal.$open.get()).toBe(false)
    expect(client.modal.$stack.get()).toEqual([{ view: 'Account' }])
  })
})

describe('declining, retrying, timing out', () => {
  it('a decline shows Signature declined and keeps the view; the retry signs the same message', async () => {
    const backend = createBackend({ required: true })
    const { client, wallet } = setup({ siwx: backend.config })
    await client.connection.connect({ connectorId: 'wallet' })
    const { text } = await prepared(client)
    const first = client.siwx.signIn()
    ;(await wallet.nextSign()).reject(REJECTED)
    const error = await first.catch((e: unknown) => e)
    expect(error).toMatchObject({
      code: 'USER_REJECTED',
      message: 'The wallet declined the sign-in message',
      details: { message: { key: 'siwx.declined' } },
    })
    expect(client.siwx.$signIn.get()).toMatchObject({ status: 'error', isPending: false })
    expect(client.toast.$toast.get()).toMatchObject({
      open: true,
      variant: 'error',
      message: { key: 'siwx.declined' },
    })
    expect(client.modal.$view.get().view).toBe('SIWXSignMessage')
    expect(client.modal.$open.get()).toBe(true)

    const retry = client.siwx.signIn()
    const request = await wallet.nextSign()
    // The nonce was not spent by a decline: the same message is asked again.
    expect(request.message).toBe(text)
    request.approve()
    await retry
    expect(backend.calls.filter((c) => c.startsWith('createMessage'))).toHaveLength(1)
    expect(client.modal.$open.get()).toBe(false)
  })

  it('a refusal by the backend keeps the view and makes a new message for the retry', async () => {
    const backend = createBackend()
    const { client, wallet } = setup({ siwx: backend.config })
    await client.connection.connect({ connectorId: 'wallet' })
    const { text } = await prepared(client)
    backend.config.refuse = new Error('bad signature')
    const first = client.siwx.signIn()
    ;(await wallet.nextSign()).approve()
    await expect(first).rejects.toMatchObject({ code: 'UNKNOWN_ERROR' })
    expect(client.modal.$view.get().view).toBe('SIWXSignMessage')
    expect(client.siwx.$message.get().status).toBe('idle')
    backend.config.refuse = undefined
    const retry = client.siwx.signIn()
    const request = await wallet.nextSign()
    expect(request.message).not.toBe(text)
    request.approve()
    await retry
  })

  it('a wallet that never answers fails after 120 s, and Sign asks again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const { client, wallet } = setup({ siwx: createBackend({ required: true }).config })
    await client.connection.connect({ connectorId: 'wallet' })
    await prepared(client)
    const signing = client.siwx.signIn()
    const outcome = signing.catch((e: unknown) => e)
    await wallet.nextSign()
    await vi.advanceTimersByTimeAsync(119_999)
    expect(client.siwx.$signIn.get().status).toBe('pending')
    await vi.advanceTimersByTimeAsync(1)
    expect(await outcome).toMatchObject({
      code: 'WALLET_TIMEOUT',
      message: 'The wallet did not answer the sign-in request in 120 s',
      details: { request: 'signMessage', seconds: 120 },
    })
    expect(client.modal.$view.get().view).toBe('SIWXSignMessage')
    const retry = client.siwx.signIn()
    ;(await wallet.nextSign()).approve()
    await retry
  })

  it('a new account mid-signature: the old signature is not stored and the new account is asked', async () => {
    const backend = createBackend({ required: true })
    const { client, wallet } = setup({ siwx: backend.config })
    await client.connection.connect({ connectorId: 'wallet' })
    await prepared(client)
    const first = client.siwx.signIn().catch((e: unknown) => e)
    const stale = await wallet.nextSign()
    wallet.accountsChanged(ACCOUNTS[1])
    expect(await first).toMatchObject({
      code: 'ABORTED',
      message: 'Another account is signing in',
      details: { reason: 'Another account is signing in' },
    })
    stale.approve()
    const { data } = await prepared(client)
    expect(data.accountAddress).toBe(ACCOUNTS[1])
    expect(client.modal.$view.get()).toEqual({
      view: 'SIWXSignMessage',
      data: { caipAddress: `eip155:31337:${ACCOUNTS[1]}` },
    })
    // The error of the first account's attempt is not shown to the second.
    expect(client.siwx.$signIn.get().status).toBe('idle')
    expect(backend.calls.filter((c) => c.startsWith('addSession'))).toEqual([])
  })
})

/** A client whose connected account signed in through the view (the modal closed since). */
async function signedIn(required = true) {
  const backend = createBackend({ required })
  const setupResult = setup({ siwx: backend.config })
  const { client, wallet } = setupResult
  await client.connection.connect({ connectorId: 'wallet' })
  await prepared(client)
  const signing = client.siwx.signIn()
  ;(await wallet.nextSign()).approve()
  const session = await signing
  return { ...setupResult, backend, session }
}

describe('account and network changes', () => {
  it('another account without a session is asked to sign in', async () => {
    const { client, wallet } = await signedIn()
    wallet.accountsChanged(ACCOUNTS[1])
    await viewIs(client, 'SIWXSignMessage')
    expect(client.siwx.$session.get()).toBeUndefined()
    expect(client.modal.close()).toBe(false)
  })

  it('back to the signed account: its session is found and the view closes', async () => {
    const { client, wallet } = await signedIn()
    wallet.accountsChanged(ACCOUNTS[1])
    await viewIs(client, 'SIWXSignMessage')
    wallet.accountsChanged(ACCOUNTS[0])
    await until(client.modal.$open, (open) => !open)
    expect(client.siwx.$sessionInfo.get()?.address).toBe(ACCOUNTS[0])
  })

  it('another network without a session is asked; a network the app lacks is not', async () => {
    const { client, wallet, backend } = await signedIn(false)
    wallet.chainChanged('31339')
    await until(client.siwx.$session, (s) => s === undefined)
    await settle()
    expect(backend.calls).toContain(`getSessions eip155:31339:${ACCOUNTS[0]}`)
    expect(client.modal.$open.get() && client.modal.$view.get().view).not.toBe('SIWXSignMessage')
    expect(createMessages(backend.calls)).toHaveLength(1)
    wallet.chainChanged('31338')
    await viewIs(client, 'SIWXSignMessage')
  })

  it('signOut revokes the session and, when sign-in is required, disconnects', async () => {
    const { client, backend } = await signedIn()
    await client.siwx.signOut()
    expect(backend.calls).toContain(`revokeSession eip155:31337:${ACCOUNTS[0]}`)
    expect(client.siwx.$session.get()).toBeUndefined()
    expect(client.connection.$status.get()).toBe('disconnected')
  })

  it('signOut when sign-in is optional stays connected', async () => {
    const { client } = await signedIn(false)
    await client.siwx.signOut()
    expect(client.connection.$status.get()).toBe('connected')
    expect(client.siwx.$session.get()).toBeUndefined()
  })
})

describe('after a reload', () => {
  it('a restored connection with a session asks nothing', async () => {
    const backend = createBackend({ required: true })
    const storage = createMemoryStorage()
    const first = setup({ siwx: backend.config, storage })
    await first.client.connection.connect({ connectorId: 'wallet' })
    await prepared(first.client)
    const signing = first.client.siwx.signIn()
    ;(await first.wallet.nextSign()).approve()
    await signing
    first.client.destroy()

    const second = setup({ siwx: backend.config, storage })
    await second.client.connection.reconnect()
    await until(second.client.siwx.$session, (s) => s !== undefined)
    expect(second.client.modal.$open.get()).toBe(false)
  })

  it('a restored connection without a session opens the sign-in view', async () => {
    const storage = createMemoryStorage()
    const first = setup({ siwx: createBackend().config, storage })
    await first.client.connection.connect({ connectorId: 'wallet' })
    first.client.destroy()
    const second = setup({ siwx: createBackend().config, storage })
    await second.client.connection.reconnect()
    await viewIs(second.client, 'SIWXSignMessage')
  })

  it('reading the session on use never opens the view', async () => {
    const backend = createBackend()
    const { client } = setup({ siwx: backend.config })
    await client.connection.connect({ connectorId: 'wallet' })
    await viewIs(client, 'SIWXSignMessage')
    await client.siwx.cancel()
    const stop = client.siwx.$session.listen(() => undefined)
    await Promise.resolve()
    stop()
    expect(client.modal.$open.get()).toBe(false)
  })
})

describe('errors of the catalogue', () => {
  it("'SIWX is not enabled' without a configuration", async () => {
    const { client } = setup()
    expect(client.siwx.isEnabled()).toBe(false)
    expect(client.siwx.isRequired()).toBe(false)
    for (const action of [client.siwx.signIn, client.siwx.signOut, client.siwx.cancel]) {
      await expect(action()).rejects.toMatchObject({
        code: 'SIWX_NOT_ENABLED',
        message: 'SIWX is not enabled',
      })
    }
  })

  it("'No ActiveCaipAddress found' when nobody is connected", async () => {
    const { client } = setup({ siwx: createBackend().config })
    await expect(client.siwx.signIn()).rejects.toMatchObject({
      code: 'NO_ACTIVE_CAIP_ADDRESS',
      message: 'No ActiveCaipAddress found',
    })
  })

  it("'Network not found' on a network the app does not list", async () => {
    const { client, wallet } = setup({ siwx: createBackend().config })
    wallet.setChain('31339')
    await client.connection.connect({ connectorId: 'wallet' })
    await expect(client.siwx.signIn()).rejects.toMatchObject({
      code: 'NETWORK_NOT_FOUND',
      message: 'Network not found',
      details: { id: 'eip155:31339' },
    })
  })

  it("'Cannot set both `siweConfig` and `siwx` options'", () => {
    expect(() =>
      setup({ siwx: createBackend().config, siweConfig: createLegacy().config }),
    ).toThrow(
      expect.objectContaining({
        code: 'SIWE_AND_SIWX_BOTH_SET',
        message: 'Cannot set both `siweConfig` and `siwx` options',
      }),
    )
  })

  it('names the missing method of a configuration', () => {
    const { addSession: _, ...partial } = createBackend().config
    expect(() => setup({ siwx: partial as SiwxConfig })).toThrow(
      'siwx.addSession must be a function',
    )
    const { getSession: __, ...legacy } = createLegacy().config
    expect(() => setup({ siweConfig: legacy as SiweConfig })).toThrow(
      'siweConfig.getSession must be a function',
    )
  })
})

function createLegacy(overrides: Partial<SiweConfig> = {}) {
  let session: { address: string; chainId: number } | null = null
  const events: string[] = []
  const config: SiweConfig = {
    getNonce: async () => 'legacynonce1',
    getMessageParams: async () => ({ statement: 'Legacy sign-in' }),
    createMessage: (args) => `legacy ${args.address} ${args.chainId} ${args.nonce} ${args.domain}`,
    async verifyMessage({ message }) {
      events.push(`verify ${message}`)
      session = { address: ACCOUNTS[0], chainId: 31337 }
      return true
    },
    getSession: async () => session,
    async signOut() {
      events.push('signOut')
      session = null
      return true
    },
    onSignIn: (s) => events.push(`onSignIn ${s?.address}`),
    onSignOut: () => events.push('onSignOut'),
    ...overrides,
  }
  return { config, events }
}

describe('the legacy siweConfig', () => {
  it('is required by default and signs in through ConnectingSiwe with its own message', async () => {
    const legacy = createLegacy()
    const { client, wallet } = setup({ siweConfig: legacy.config })
    expect(client.siwx.isRequired()).toBe(true)
    await client.connection.connect({ connectorId: 'wallet' })
    await viewIs(client, 'ConnectingSiwe')
    const { text } = await prepared(client)
    expect(text).toBe(`legacy eip155:31337:${ACCOUNTS[0]} 31337 legacynonce1 app.example`)
    const signing = client.siwx.signIn()
    ;(await wallet.nextSign()).approve()
    await signing
    expect(legacy.events).toEqual([`verify ${text}`, `onSignIn ${ACCOUNTS[0]}`])
    expect(client.modal.$open.get()).toBe(false)
    await client.connection.disconnect()
    expect(legacy.events.slice(-2)).toEqual(['signOut', 'onSignOut'])
  })

  it('a message its verifyMessage refuses is not a session', async () => {
    const { client, wallet } = setup({
      siweConfig: createLegacy({ verifyMessage: async () => false }).config,
    })
    await client.connection.connect({ connectorId: 'wallet' })
    await prepared(client)
    const signing = client.siwx.signIn()
    ;(await wallet.nextSign()).approve()
    await expect(signing).rejects.toMatchObject({ code: 'INVALID_INPUT' })
    expect(client.siwx.$session.get()).toBeUndefined()
  })

  it('ConnectingSiwe over Account returns to Account after signing (the replace rule)', async () => {
    const { client, wallet } = setup({ siweConfig: createLegacy({ required: false }).config })
    await client.connection.connect({ connectorId: 'wallet' })
    await viewIs(client, 'ConnectingSiwe')
    await client.siwx.cancel()
    client.modal.open()
    wallet.accountsChanged(ACCOUNTS[1])
    await viewIs(client, 'ConnectingSiwe')
    expect(client.modal.$stack.get().map((e) => e.view)).toEqual(['Account', 'ConnectingSiwe'])
    await prepared(client)
    const signing = client.siwx.signIn()
    ;(await wallet.nextSign()).approve()
    await signing
    expect(client.modal.$open.get()).toBe(true)
    expect(client.modal.$stack.get()).toEqual([{ view: 'Account' }])
  })

  it('enabled: false turns sign-in off', () => {
    const { client } = setup({ siweConfig: createLegacy({ enabled: false }).config })
    expect(client.siwx.isEnabled()).toBe(false)
  })
})

const OWNER = mnemonicToAccount('test test test test test test test test test test test junk', {
  addressIndex: 0,
})
const CAIP_A = `eip155:31337:${ACCOUNTS[0]}`
const CAIP_B = `eip155:31337:${ACCOUNTS[1]}`
/** Verifies an eip155 signature by recovery (no RPC): a real check of what the wallet signed. */
const recover = (session: SiwxSession) =>
  verifyMessage({
    address: session.data.accountAddress as Hex,
    message: session.message,
    signature: session.signature as Hex,
  })
const createMessages = (calls: string[]) => calls.filter((c) => c.startsWith('createMessage'))

describe('the page a message is for (CAIP-122 domain and URI)', () => {
  it("is the app's address: its host with the port, its path without query or fragment", async () => {
    const storage = createMemoryStorage()
    const now = Date.parse('2026-01-01T00:00:00.000Z')
    const { client, wallet } = setup({
      siwx: createBrowserSiwx({ verify: recover }),
      storage,
      client: {
        now: () => now,
        metadata: {
          name: 'Sign-in test',
          description: 'd',
          url: 'https://app.example:8443/signin?ref=mail#top',
          icons: [],
        },
      },
    })
    await client.connection.connect({ connectorId: 'wallet' })
    const { text, data } = await prepared(client)
    expect(data).toMatchObject({
      domain: 'app.example:8443',
      uri: 'https://app.example:8443/signin',
      issuedAt: '2026-01-01T00:00:00.000Z',
    })
    const lines = text.split('\n')
    expect(lines[0]).toBe('app.example:8443 wants you to sign in with your Ethereum account:')
    expect(lines).toContain('URI: https://app.example:8443/signin')
    const signing = client.siwx.signIn()
    const request = await wallet.nextSign()
    request.approve(await OWNER.signMessage({ message: request.message }))
    const session = await signing
    // Kept with the client's other state, under its prefix.
    expect(JSON.parse(storage.getItem('@portico/siwx_sessions') ?? 'null')).toEqual([session])
  })

  it('without metadata outside a browser, the configuration names the page itself', async () => {
    const { client } = setup({
      siwx: createBrowserSiwx({
        verify: recover,
        domain: 'wallet.example',
        uri: 'https://wallet.example/login',
      }),
      client: { metadata: undefined },
    })
    await client.connection.connect({ connectorId: 'wallet' })
    const { text, data } = await prepared(client)
    expect(data).toMatchObject({ domain: 'wallet.example', uri: 'https://wallet.example/login' })
    expect(text.split('\n')[0]).toBe(
      'wallet.example wants you to sign in with your Ethereum account:',
    )
  })
})

/** A sign-in server at the edge of the world: a nonce, and nothing else it knows of. */
function nonceServer() {
  const asked: string[] = []
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input))
    if (!url.pathname.startsWith('/auth/')) return new Response('{}', { status: 404 })
    asked.push(`${init?.method ?? 'GET'} ${url.origin}${url.pathname} ${url.searchParams}`)
    if (url.pathname === '/auth/v1/nonce') return Response.json({ nonce: 'servernonce2026' })
    // No session cookie in this browser: signed out.
    if (url.pathname === '/auth/v1/me')
      return Response.json({ error: 'signed out' }, { status: 401 })
    return Response.json({ error: 'unknown route' }, { status: 404 })
  }
  return { fetch, asked }
}

describe('a server-checked sign-in reaches its server', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it("through the app's fetch, at <toolkit>/auth/v1 with the project id", async () => {
    const server = nonceServer()
    const { client } = setup({ siwx: createServerSiwx(), client: { fetch: server.fetch } })
    await client.connection.connect({ connectorId: 'wallet' })
    const { data } = await prepared(client)
    expect(data.nonce).toBe('servernonce2026')
    // First whether the server's cookie carries a session, then the nonce of a new sign-in.
    expect(server.asked).toHaveLength(2)
    expect(server.asked[0]).toMatch(/^GET http:\/\/api\.test\/auth\/v1\/me projectId=p&/)
    expect(server.asked[1]).toMatch(/^GET http:\/\/api\.test\/auth\/v1\/nonce projectId=p&/)
  })

  it("through the page's fetch when the app gives none", async () => {
    const server = nonceServer()
    vi.stubGlobal('fetch', server.fetch)
    const { client } = setup({ siwx: createServerSiwx() })
    await client.connection.connect({ connectorId: 'wallet' })
    const { data } = await prepared(client)
    expect(data.nonce).toBe('servernonce2026')
    expect(server.asked.map((a) => a.split(' ')[1])).toEqual([
      'http://api.test/auth/v1/me',
      'http://api.test/auth/v1/nonce',
    ])
  })
})

describe('namespaces', () => {
  const solanaWallet = () =>
    createWallet({ namespace: 'solana', address: SOLANA_ADDRESS, chain: SOLANA_MAINNET })

  it('a Solana account signs in with a CAIP-122 message of its own kind', async () => {
    const backend = createBackend()
    const solana = solanaWallet()
    const { client } = setup({ siwx: backend.config, solana })
    await client.connection.connect({ connectorId: 'sol' })
    await viewIs(client, 'SIWXSignMessage')
    const { text } = await prepared(client)
    expect(text.split('\n')[0]).toBe('app.example wants you to sign in with your Solana account:')
    expect(text.split('\n')[1]).toBe(SOLANA_ADDRESS)
    const signing = client.siwx.signIn()
    const request = await solana.nextSign()
    expect(request).toMatchObject({ address: SOLANA_ADDRESS, message: text })
    request.approve('5'.repeat(88))
    await signing
    expect(client.siwx.$sessionInfo.get()?.caipAddress).toBe(
      `solana:${SOLANA_MAINNET}:${SOLANA_ADDRESS}`,
    )
  })

  it('the legacy siweConfig signs in Ethereum accounts only', async () => {
    const legacy = createLegacy({ required: false })
    const { client } = setup({ siweConfig: legacy.config, solana: solanaWallet() })
    await client.connection.connect({ connectorId: 'sol' })
    await settle()
    expect(client.modal.$open.get()).toBe(false)
    expect(client.siwx.$session.get()).toBeUndefined()
    expect(client.siwx.$message.get().status).toBe('idle')
    await expect(client.siwx.signIn()).rejects.toMatchObject({
      code: 'SIWX_NOT_ENABLED',
      message: 'SIWX is not enabled',
    })
  })

  it('disconnecting the active namespace asks the account of the one still connected', async () => {
    const backend = createBackend()
    const { client, wallet } = setup({ siwx: backend.config, solana: solanaWallet() })
    await client.connection.connect({ connectorId: 'wallet' })
    await prepared(client)
    const signing = client.siwx.signIn()
    ;(await wallet.nextSign()).approve()
    await signing
    await client.connection.connect({ connectorId: 'sol' })
    await viewIs(client, 'SIWXSignMessage')
    await client.siwx.cancel()
    // Disconnecting signs out of every session (signOutOnDisconnect): the Ethereum one too.
    await client.connection.disconnect({ namespace: 'solana' })
    await viewIs(client, 'SIWXSignMessage')
    expect(client.modal.$view.get().data).toEqual({ caipAddress: CAIP_A })
  })
})

describe('a configuration without getRequired', () => {
  it('is optional: Cancel closes the view and the wallet stays connected', async () => {
    const { getRequired: _, ...config } = createBackend({ required: true }).config
    const { client } = setup({ siwx: config })
    expect(client.siwx.isRequired()).toBe(false)
    await client.connection.connect({ connectorId: 'wallet' })
    await viewIs(client, 'SIWXSignMessage')
    await client.siwx.cancel()
    expect(client.modal.$open.get()).toBe(false)
    expect(client.connection.$status.get()).toBe('connected')
  })
})

describe('what a sign-in needs: a connected account, its wallet, a wallet that signs', () => {
  it('a connection the server rendered, not yet confirmed by the wallet, cannot sign in', async () => {
    const backend = createBackend()
    const initialState = {
      storage: {
        '@portico/connected_namespaces': '["eip155"]',
        '@portico/connected_connector_id:eip155': '"wallet"',
        '@portico/connections:eip155': JSON.stringify([
          { connectorId: 'wallet', accounts: [{ address: ACCOUNTS[0] }] },
        ]),
      },
    }
    const { client } = setup({ siwx: backend.config, client: { ssr: true, initialState } })
    expect(client.connection.$connection.get()).toMatchObject({
      status: 'reconnecting',
      address: ACCOUNTS[0],
      chainId: 'eip155:31337',
      caipAddress: CAIP_A,
    })
    await expect(client.siwx.signIn()).rejects.toMatchObject({
      code: 'NO_ACTIVE_CAIP_ADDRESS',
      message: 'No ActiveCaipAddress found',
    })
    await client.siwx.prepareMessage()
    expect(client.siwx.$message.get().status).toBe('idle')
    expect(backend.calls).toEqual([])
  })

  it('prepareMessage makes nothing, Cancel just closes, signOut revokes nothing', async () => {
    const backend = createBackend()
    const { client } = setup({ siwx: backend.config })
    await client.siwx.prepareMessage()
    expect(client.siwx.$message.get().status).toBe('idle')
    client.modal.open()
    await client.siwx.cancel()
    expect(client.modal.$open.get()).toBe(false)
    await client.siwx.signOut()
    expect(backend.calls).toEqual([])
  })

  it("after the client is destroyed: 'ConnectionController client not set'", async () => {
    const { client } = setup({ siwx: createBackend().config })
    await client.connection.connect({ connectorId: 'wallet' })
    await prepared(client)
    client.destroy()
    await expect(client.siwx.signIn()).rejects.toMatchObject({
      code: 'CONNECTION_CLIENT_NOT_SET',
      message: 'ConnectionController client not set',
    })
  })

  it('a wallet that cannot sign messages is a clear error, and nothing is asked', async () => {
    const backend = createBackend()
    const { client } = setup({ siwx: backend.config, wallet: createWallet({ canSign: false }) })
    await client.connection.connect({ connectorId: 'wallet' })
    await prepared(client)
    await expect(client.siwx.signIn()).rejects.toMatchObject({
      code: 'WALLET_ERROR',
      message: 'eip155 wallets cannot sign messages',
    })
    expect(backend.calls.filter((c) => c.startsWith('addSession'))).toEqual([])
  })
})

describe('messages that come back late', () => {
  it("the previous account's message never shows in the new account's view", async () => {
    const backend = createBackend()
    backend.hold('createMessage')
    const { client, wallet } = setup({ siwx: backend.config })
    await client.connection.connect({ connectorId: 'wallet' })
    const first = await backend.held(`createMessage ${CAIP_A}`)
    wallet.accountsChanged(ACCOUNTS[1])
    const second = await backend.held(`createMessage ${CAIP_B}`)
    second.go()
    expect((await prepared(client)).data.accountAddress).toBe(ACCOUNTS[1])
    first.go()
    await settle()
    expect(client.siwx.$message.get().data?.data.accountAddress).toBe(ACCOUNTS[1])
    // And Sign asks for the message shown.
    const signing = client.siwx.signIn()
    const request = await wallet.nextSign()
    expect(request.address).toBe(ACCOUNTS[1])
    expect(request.message).toBe(client.siwx.$message.get().data?.text)
    request.approve()
    await signing
  })

  it("the previous account's failure never shows in the new account's view", async () => {
    const backend = createBackend()
    backend.hold('createMessage')
    const { client, wallet } = setup({ siwx: backend.config })
    await client.connection.connect({ connectorId: 'wallet' })
    const first = await backend.held(`createMessage ${CAIP_A}`)
    wallet.accountsChanged(ACCOUNTS[1])
    ;(await backend.held(`createMessage ${CAIP_B}`)).go()
    await prepared(client)
    first.fail(new Error('nonce service down'))
    await settle()
    expect(client.siwx.$message.get()).toMatchObject({ status: 'success', error: undefined })
  })

  it('Sign before the view has its message: the view shows what the wallet signs', async () => {
    const backend = createBackend()
    backend.hold('createMessage')
    const { client, wallet } = setup({ siwx: backend.config })
    await client.connection.connect({ connectorId: 'wallet' })
    const forView = await backend.held(`createMessage ${CAIP_A}`)
    const signing = client.siwx.signIn().catch((e: unknown) => e)
    ;(await backend.held(`createMessage ${CAIP_A}`)).go()
    const request = await wallet.nextSign()
    expect(client.siwx.$message.get().data?.text).toBe(request.message)
    forView.go()
    await settle()
    expect(client.siwx.$message.get().data?.text).toBe(request.message)
    request.reject(REJECTED)
    expect(await signing).toMatchObject({ code: 'USER_REJECTED' })
    // Made again on request (the view's retry): the newest message is the one shown.
    const again = client.siwx.prepareMessage()
    const retry = await backend.held(`createMessage ${CAIP_A}`)
    retry.go()
    await again
    expect(client.siwx.$message.get().data?.data.nonce).toBe('nonce00000003')
    expect(createMessages(backend.calls)).toHaveLength(3)
  })

  it('a message asked again while an older one is still coming: the older never shows', async () => {
    const backend = createBackend()
    backend.hold('createMessage')
    const { client, wallet } = setup({ siwx: backend.config })
    await client.connection.connect({ connectorId: 'wallet' })
    const forView = await backend.held(`createMessage ${CAIP_A}`)
    // Sign makes its own; the wallet declines it.
    const signing = client.siwx.signIn().catch((e: unknown) => e)
    ;(await backend.held(`createMessage ${CAIP_A}`)).go()
    ;(await wallet.nextSign()).reject(REJECTED)
    await signing
    const again = client.siwx.prepareMessage()
    const retry = await backend.held(`createMessage ${CAIP_A}`)
    forView.go()
    await settle()
    expect(client.siwx.$message.get().data?.data.nonce).not.toBe('nonce00000001')
    retry.go()
    await again
    expect(client.siwx.$message.get().data?.data.nonce).toBe('nonce00000003')
  })
})

describe("the app's own sign-in button", () => {
  it('a sign-in started before the view opens goes on: one message, one prompt', async () => {
    const backend = createBackend()
    backend.hold('getSessions')
    const { client, wallet } = setup({ siwx: backend.config })
    await client.connection.connect({ connectorId: 'wallet' })
    const read = await backend.held(`getSessions ${CAIP_A}`)
    const signing = client.siwx.signIn()
    const request = await wallet.nextSign()
    read.go()
    await viewIs(client, 'SIWXSignMessage')
    await settle()
    expect(createMessages(backend.calls)).toHaveLength(1)
    expect(client.siwx.$message.get().data?.text).toBe(request.message)
    request.approve()
    await signing
    expect(client.modal.$open.get()).toBe(false)
  })

  it('signing in while the modal shows Account leaves the modal where it is', async () => {
    const { client, wallet } = setup({ siwx: createBackend().config })
    await client.connection.connect({ connectorId: 'wallet' })
    await viewIs(client, 'SIWXSignMessage')
    await client.siwx.cancel()
    client.modal.open()
    const signing = client.siwx.signIn()
    ;(await wallet.nextSign()).approve()
    await signing
    expect(client.modal.$open.get()).toBe(true)
    expect(client.modal.$stack.get()).toEqual([{ view: 'Account' }])
  })

  it('a message made at Sign is the one shown, and a decline keeps it for the retry', async () => {
    let now = Date.parse('2026-01-01T00:00:00.000Z')
    const backend = createBackend()
    const { client, wallet } = setup({ siwx: backend.config, client: { now: () => now } })
    await client.connection.connect({ connectorId: 'wallet' })
    const { text } = await prepared(client)
    // Within 5 minutes (300 000 ms) of being made, the view's message is the one signed.
    now += 299_999
    const first = client.siwx.signIn().catch((e: unknown) => e)
    const old = await wallet.nextSign()
    expect(old.message).toBe(text)
    old.reject(REJECTED)
    await first
    // From 5 minutes on, Sign makes a new one (its nonce may have expired on the server).
    now += 1
    const second = client.siwx.signIn().catch((e: unknown) => e)
    const fresh = await wallet.nextSign()
    expect(fresh.message).not.toBe(text)
    expect(createMessages(backend.calls)).toHaveLength(2)
    expect(client.siwx.$message.get()).toMatchObject({ status: 'success' })
    expect(client.siwx.$message.get().data?.text).toBe(fresh.message)
    fresh.reject(REJECTED)
    await second
    const third = client.siwx.signIn()
    const retry = await wallet.nextSign()
    expect(retry.message).toBe(fresh.message)
    retry.approve()
    await third
    expect(createMessages(backend.calls)).toHaveLength(2)
  })
})

/**
 * Waits (on the fake clock) until the stores nobody listens to are unmounted: nanostores keeps a
 * store mounted for 1 s after its last reader, so the next reader mounts it again.
 */
const unmounted = () => vi.advanceTimersByTimeAsync(1_000)

describe('reading the sessions', () => {
  it("another account: the previous account's session is gone before the new one's is read", async () => {
    const { client, wallet, backend } = await signedIn(false)
    backend.hold('getSessions')
    wallet.accountsChanged(ACCOUNTS[1])
    const read = await backend.held(`getSessions ${CAIP_B}`)
    expect(client.siwx.$session.get()).toBeUndefined()
    read.go()
    await viewIs(client, 'SIWXSignMessage')
  })

  it('the signed account read again is never shown signed out meanwhile', async () => {
    const { client, wallet, backend, session } = await signedIn()
    const seen: unknown[] = []
    const stop = client.siwx.$session.listen((value) => seen.push(value))
    await settle()
    backend.hold('getSessions')
    wallet.chainChanged('31337')
    const read = await backend.held(`getSessions ${CAIP_A}`)
    expect(client.siwx.$session.get()).toEqual(session)
    read.go()
    await settle()
    stop()
    expect(seen).not.toContain(undefined)
    expect(client.siwx.$session.get()).toEqual(session)
  })

  it('a late answer about the previous account changes nothing for the new one', async () => {
    const backend = createBackend()
    const old = await createSignInMessage({
      accountAddress: ACCOUNTS[0],
      chainId: 'eip155:31337',
      domain: 'app.example',
      uri: 'https://app.example/',
      version: '1',
      nonce: 'storednonce1',
      issuedAt: new Date(Date.now()).toISOString(),
      expirationTime: new Date(Date.now() + 3_600_000).toISOString(),
    })
    backend.sessions.push({ data: old.data, message: old.toString(), signature: '0x01' })
    backend.hold('getSessions')
    const { client, wallet } = setup({ siwx: backend.config })
    await client.connection.connect({ connectorId: 'wallet' })
    const first = await backend.held(`getSessions ${CAIP_A}`)
    wallet.accountsChanged(ACCOUNTS[1])
    const second = await backend.held(`getSessions ${CAIP_B}`)
    first.go()
    await settle()
    expect(client.siwx.$session.get()).toBeUndefined()
    second.go()
    await viewIs(client, 'SIWXSignMessage')
    expect(client.modal.$view.get().data).toEqual({ caipAddress: CAIP_B })
    expect(client.siwx.$session.get()).toBeUndefined()
  })

  it('signing out while the sessions are read stays signed out', async () => {
    const { client, wallet, backend } = await signedIn(false)
    backend.hold('getSessions')
    wallet.chainChanged('31337')
    // The server answers with what it held before the sign-out.
    const read = await backend.held(`getSessions ${CAIP_A}`)
    await client.siwx.signOut()
    read.go()
    await settle()
    expect(client.siwx.$session.get()).toBeUndefined()
  })

  it('required sign-in, connecting from the modal with a stored session: it closes once found', async () => {
    const backend = createBackend({ required: true })
    const stored = await createSignInMessage({
      accountAddress: ACCOUNTS[0],
      chainId: 'eip155:31337',
      domain: 'app.example',
      uri: 'https://app.example/',
      version: '1',
      nonce: 'storednonce1',
      issuedAt: new Date(Date.now()).toISOString(),
      expirationTime: new Date(Date.now() + 3_600_000).toISOString(),
    })
    backend.sessions.push({ data: stored.data, message: stored.toString(), signature: '0x01' })
    backend.hold('getSessions')
    const { client } = setup({ siwx: backend.config })
    client.modal.open({ view: 'ConnectingExternal' })
    await client.connection.connect({ connectorId: 'wallet' })
    // Not before the session is known: sign-in is required.
    expect(client.modal.$open.get()).toBe(true)
    ;(await backend.held(`getSessions ${CAIP_A}`)).go()
    await until(client.siwx.$session, (s) => s !== undefined)
    await settle()
    expect(client.modal.$open.get()).toBe(false)
    expect(createMessages(backend.calls)).toEqual([])
  })

  it('a session found again while the modal shows Account leaves the modal open', async () => {
    const { client, wallet, backend } = await signedIn(false)
    client.modal.open()
    wallet.chainChanged('31337')
    await settle()
    expect(backend.calls.filter((c) => c.startsWith('getSessions'))).toHaveLength(2)
    expect(client.modal.$open.get()).toBe(true)
    expect(client.modal.$view.get().view).toBe('Account')
  })

  it('reading the session on use never closes the modal, even on Connect', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const { client, backend } = await signedIn(false)
    await unmounted()
    client.modal.open({ view: 'Connect' })
    const stop = client.siwx.$session.listen(() => undefined)
    await settle()
    stop()
    expect(backend.calls.filter((c) => c.startsWith('getSessions'))).toHaveLength(2)
    expect(client.modal.$open.get()).toBe(true)
    expect(client.modal.$view.get().view).toBe('Connect')
  })

  it('reading the session on use after signing out does not ask to sign in', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const { client, backend } = await signedIn(false)
    await client.siwx.signOut()
    await unmounted()
    const stop = client.siwx.$session.listen(() => undefined)
    await settle()
    stop()
    expect(backend.calls.filter((c) => c.startsWith('getSessions'))).toHaveLength(2)
    expect(client.modal.$open.get()).toBe(false)
    expect(createMessages(backend.calls)).toHaveLength(1)
  })
})

describe('what the wallet signed for an account no longer connected', () => {
  it('a signature that comes after the account changed is not stored', async () => {
    const backend = createBackend()
    const { client, wallet } = setup({ siwx: backend.config })
    await client.connection.connect({ connectorId: 'wallet' })
    await prepared(client)
    const signing = client.siwx.signIn().catch((e: unknown) => e)
    const request = await wallet.nextSign()
    backend.hold('getSessions')
    wallet.accountsChanged(ACCOUNTS[1])
    const read = await backend.held(`getSessions ${CAIP_B}`)
    request.approve()
    expect(await signing).toMatchObject({
      code: 'ABORTED',
      message: 'The account changed while signing in',
    })
    expect(backend.calls.filter((c) => c.startsWith('addSession'))).toEqual([])
    read.go()
    await viewIs(client, 'SIWXSignMessage')
    expect(client.siwx.$session.get()).toBeUndefined()
  })

  it('a message made for the previous account is never sent to the wallet', async () => {
    let now = Date.parse('2026-01-01T00:00:00.000Z')
    const backend = createBackend()
    const { client, wallet } = setup({ siwx: backend.config, client: { now: () => now } })
    await client.connection.connect({ connectorId: 'wallet' })
    await prepared(client)
    // The view's message is too old by now: Sign makes a new one.
    now += 300_000
    backend.hold('createMessage')
    backend.hold('getSessions')
    const signing = client.siwx.signIn().catch((e: unknown) => e)
    const own = await backend.held(`createMessage ${CAIP_A}`)
    wallet.accountsChanged(ACCOUNTS[1])
    await backend.held(`getSessions ${CAIP_B}`)
    own.go()
    await settle()
    expect(wallet.pendingSigns()).toBe(0)
    expect(await signing).toMatchObject({
      code: 'ABORTED',
      message: 'The account changed while signing in',
    })
  })

  it('disconnected while the server checks the signature: aborted, nothing shown', async () => {
    const backend = createBackend()
    const { client, wallet } = setup({ siwx: backend.config })
    await client.connection.connect({ connectorId: 'wallet' })
    await prepared(client)
    backend.hold('addSession')
    const signing = client.siwx.signIn().catch((e: unknown) => e)
    ;(await wallet.nextSign()).approve()
    const check = await backend.held('addSession nonce00000001')
    await client.connection.disconnect()
    check.go()
    expect(await signing).toMatchObject({
      code: 'ABORTED',
      message: 'The account changed while signing in',
    })
    expect(client.siwx.$session.get()).toBeUndefined()
  })
})

describe('what ends a pending sign-in, and why', () => {
  /** Connected, the view's message made, Sign pressed: the wallet shows its prompt. */
  async function signing(options: { required?: boolean } = {}) {
    const backend = createBackend(options)
    const built = setup({ siwx: backend.config })
    await built.client.connection.connect({ connectorId: 'wallet' })
    await prepared(built.client)
    const outcome = built.client.siwx.signIn().catch((e: unknown) => e)
    const request = await built.wallet.nextSign()
    return { ...built, backend, outcome, request }
  }
  const aborted = (reason: string) => ({
    code: 'ABORTED',
    message: reason,
    details: { reason },
  })

  it("Cancel: 'Sign-in cancelled'", async () => {
    const { client, outcome } = await signing()
    await client.siwx.cancel()
    expect(await outcome).toMatchObject(aborted('Sign-in cancelled'))
  })

  it("signOut: 'Signed out'", async () => {
    const { client, outcome } = await signing()
    await client.siwx.signOut()
    expect(await outcome).toMatchObject(aborted('Signed out'))
  })

  it("disconnecting while the app's own button signs (the view closed): 'Disconnected'", async () => {
    const { client, wallet } = setup({ siwx: createBackend().config })
    await client.connection.connect({ connectorId: 'wallet' })
    await viewIs(client, 'SIWXSignMessage')
    await client.siwx.cancel()
    const outcome = client.siwx.signIn().catch((e: unknown) => e)
    await wallet.nextSign()
    await client.connection.disconnect()
    expect(await outcome).toMatchObject(aborted('Disconnected'))
  })

  it('disconnecting while the view shows: the view is left first', async () => {
    const { client, outcome } = await signing()
    await client.connection.disconnect()
    expect(await outcome).toMatchObject(aborted('The sign-in view was closed'))
    expect(client.modal.$view.get().view).toBe('Connect')
  })

  it("leaving the view (Escape): 'The sign-in view was closed'", async () => {
    const { client, outcome } = await signing()
    client.modal.back()
    expect(await outcome).toMatchObject(aborted('The sign-in view was closed'))
  })

  it("destroying the client: 'The client was destroyed'", async () => {
    const { client, outcome } = await signing()
    client.destroy()
    expect(await outcome).toMatchObject(aborted('The client was destroyed'))
  })

  it('a wallet that fails (not a decline) is a wallet error, without the declined toast', async () => {
    const { client, outcome, request } = await signing()
    request.reject({ code: -32603, message: 'Ledger disconnected' })
    expect(await outcome).toMatchObject({
      code: 'WALLET_ERROR',
      message: 'The wallet failed the signature request: Ledger disconnected',
    })
    expect(client.toast.$toast.get().open).toBe(false)
    expect(client.modal.$view.get().view).toBe('SIWXSignMessage')
  })

  it('a refusal by the server shows no declined toast either', async () => {
    const { client, backend, outcome, request } = await signing()
    backend.config.refuse = new Error('bad signature')
    request.approve()
    expect(await outcome).toMatchObject({ code: 'UNKNOWN_ERROR' })
    expect(client.toast.$toast.get().open).toBe(false)
  })

  it('after a failed Sign the attempt is over: asked again, the view starts afresh', async () => {
    const { client, wallet, backend, outcome, request } = await signing({ required: true })
    request.reject(REJECTED)
    await outcome
    expect(client.siwx.$signIn.get().status).toBe('error')
    // The wallet reports its chain again: the account is checked, still without a session.
    wallet.chainChanged('31337')
    await settle()
    expect(client.siwx.$signIn.get().status).toBe('idle')
    expect(createMessages(backend.calls)).toHaveLength(2)
    expect(client.siwx.$message.get()).toMatchObject({ status: 'success' })
    expect(client.siwx.$message.get().data?.data.nonce).toBe('nonce00000002')
  })

  it("the previous account's attempt ending late leaves the new account's in place", async () => {
    const backend = createBackend()
    const { client, wallet } = setup({ siwx: backend.config })
    await client.connection.connect({ connectorId: 'wallet' })
    await prepared(client)
    backend.hold('addSession')
    const first = client.siwx.signIn().catch((e: unknown) => e)
    ;(await wallet.nextSign()).approve()
    // The server is slow to check the first account's signature; the user moves on.
    const check = await backend.held('addSession nonce00000001')
    wallet.accountsChanged(ACCOUNTS[1])
    await until(
      client.siwx.$message,
      (s) => s.status === 'success' && s.data?.data.accountAddress === ACCOUNTS[1],
    )
    const second = client.siwx.signIn().catch((e: unknown) => e)
    await wallet.nextSign()
    check.go()
    expect(await first).toMatchObject({ code: 'ABORTED' })
    // Cancel still reaches the second account's prompt.
    await client.siwx.cancel()
    await settle()
    expect(client.siwx.$signIn.get().status).toBe('error')
    expect(await second).toMatchObject(aborted('Sign-in cancelled'))
  })
})

describe('leaving the view', () => {
  it("Cancel from the app's own UI (the view not shown) turns the account down too", async () => {
    const { client, wallet, backend } = await signedIn(false)
    await client.siwx.signOut()
    await client.siwx.cancel()
    wallet.chainChanged('31337')
    await settle()
    expect(backend.calls.filter((c) => c.startsWith('getSessions'))).toHaveLength(2)
    expect(client.modal.$open.get()).toBe(false)
    expect(createMessages(backend.calls)).toHaveLength(1)
  })

  it('after signing in through it, the account is not turned down: signed out, it is asked', async () => {
    const { client, wallet, backend } = await signedIn(false)
    await client.siwx.signOut()
    wallet.chainChanged('31337')
    await viewIs(client, 'SIWXSignMessage')
    expect(createMessages(backend.calls)).toHaveLength(2)
  })

  it('back from an optional sign-in to Account is not a refusal: asked again later', async () => {
    const backend = createBackend()
    const { client, wallet } = setup({ siwx: backend.config })
    await client.connection.connect({ connectorId: 'wallet' })
    await viewIs(client, 'SIWXSignMessage')
    await client.siwx.cancel()
    client.modal.open()
    wallet.accountsChanged(ACCOUNTS[1])
    await viewIs(client, 'SIWXSignMessage')
    client.modal.back()
    expect(client.modal.$view.get().view).toBe('Account')
    wallet.chainChanged('31337')
    await viewIs(client, 'SIWXSignMessage')
    expect(client.modal.$view.get().data).toEqual({ caipAddress: CAIP_B })
  })

  it('Escape while the wallet is asked to restore the connection: closed, asked once it is back', async () => {
    const backend = createBackend()
    const { client, wallet } = setup({ siwx: backend.config })
    await client.connection.connect({ connectorId: 'wallet' })
    await viewIs(client, 'SIWXSignMessage')
    const answer = wallet.holdRestore()
    const restored = client.connection.reconnect()
    expect(client.connection.$status.get()).toBe('reconnecting')
    // No account while the wallet is asked: leaving is not a refusal by anyone.
    expect(() => client.modal.back()).not.toThrow()
    expect(client.modal.$open.get()).toBe(false)
    answer()
    await restored
    await viewIs(client, 'SIWXSignMessage')
    expect(client.modal.$view.get().data).toEqual({ caipAddress: CAIP_A })
  })

  it('required sign-in over Account stands alone: back cannot return to Account', async () => {
    const { client, wallet } = await signedIn(true)
    client.modal.open()
    expect(client.modal.$view.get().view).toBe('Account')
    wallet.accountsChanged(ACCOUNTS[1])
    await viewIs(client, 'SIWXSignMessage')
    expect(client.modal.$stack.get()).toEqual([
      { view: 'SIWXSignMessage', data: { caipAddress: CAIP_B } },
    ])
  })

  it('optional sign-in over a view other than Account replaces the stack', async () => {
    const { client, wallet } = await signedIn(false)
    client.modal.open()
    client.modal.push('RegisterAccountName')
    wallet.accountsChanged(ACCOUNTS[1])
    await viewIs(client, 'SIWXSignMessage')
    expect(client.modal.$stack.get()).toEqual([
      { view: 'SIWXSignMessage', data: { caipAddress: CAIP_B } },
    ])
  })
})

describe('what sign-in swallows is told to the developer (console, warn level)', () => {
  function warnings() {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    cleanups.push(() => warn.mockRestore())
    return (message: string) => warn.mock.calls.filter((call) => call[0] === `[portico] ${message}`)
  }

  it('sessions that cannot be read', async () => {
    const logged = warnings()
    const backend = createBackend()
    const failure = new Error('503')
    backend.config.failGetSessions = failure
    const { client } = setup({ siwx: backend.config, client: { logLevel: 'warn' } })
    await client.connection.connect({ connectorId: 'wallet' })
    await viewIs(client, 'SIWXSignMessage')
    expect(logged('the sign-in sessions could not be read')).toEqual([
      ['[portico] the sign-in sessions could not be read', failure],
    ])
  })

  it('a message that cannot be made', async () => {
    const logged = warnings()
    const backend = createBackend()
    const failure = new Error('nonce service down')
    backend.config.createMessage = async () => {
      throw failure
    }
    const { client } = setup({ siwx: backend.config, client: { logLevel: 'warn' } })
    await client.connection.connect({ connectorId: 'wallet' })
    await until(client.siwx.$message, (s) => s.status === 'error')
    expect(logged('the sign-in message could not be made')).toEqual([
      ['[portico] the sign-in message could not be made', failure],
    ])
  })

  it('a sign-out on disconnect that fails', async () => {
    const logged = warnings()
    const backend = createBackend()
    const failure = new Error('server down')
    backend.config.setSessions = async () => {
      throw failure
    }
    const { client } = setup({ siwx: backend.config, client: { logLevel: 'warn' } })
    await client.connection.connect({ connectorId: 'wallet' })
    await viewIs(client, 'SIWXSignMessage')
    await client.connection.disconnect()
    await settle()
    expect(logged('sign-out failed')).toEqual([['[portico] sign-out failed', failure]])
  })

  it('a Cancel whose disconnect fails still ends (required sign-in)', async () => {
    const logged = warnings()
    const wallet = createWallet()
    wallet.adapter.connection.disconnect = async () => {
      throw new Error('wallet gone')
    }
    const { client } = setup({
      siwx: createBackend({ required: true }).config,
      wallet,
      client: { logLevel: 'warn' },
    })
    await client.connection.connect({ connectorId: 'wallet' })
    await viewIs(client, 'SIWXSignMessage')
    await client.siwx.cancel()
    expect(client.connection.$status.get()).toBe('disconnected')
    expect(logged('disconnect failed')).toEqual([
      ['[portico] disconnect failed', expect.objectContaining({ code: 'INTERNAL_SDK_ERROR' })],
    ])
  })
})
