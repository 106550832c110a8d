import { computed } from 'nanostores'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { AdapterEventHandlers, ChainAdapter } from '../adapters/index.js'
import type { PorticoOptions } from '../client/index.js'
import { isPorticoError } from '../errors/index.js'
import { createMemoryStorage } from '../storage/index.js'
import { createInspectablePortico } from '../test-utils/portico.js'
import { createSignInMessage } from './message.js'
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
function createWallet() {
  const handlers: AdapterEventHandlers[] = []
  const requests: SignRequest[] = []
  const waiters: ((request: SignRequest) => void)[] = []
  let chain = '31337'
  const adapter: ChainAdapter = {
    namespace: 'eip155',
    isAddress: (a) => /^0x[0-9a-fA-F]{40}$/.test(a),
    connection: {
      connect: async () => ({ addresses: [ACCOUNTS[0]], chainReference: chain }),
      reconnect: async () => ({ addresses: [ACCOUNTS[0]], chainReference: chain }),
      disconnect: async () => undefined,
      subscribe: (_connector, h) => {
        handlers.push(h)
        return () => handlers.splice(handlers.indexOf(h), 1)
      },
    },
    networks: { switchNetwork: async () => undefined },
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
    accountsChanged: (address: string) => {
      for (const h of [...handlers]) h.accountsChanged([address])
    },
    chainChanged: (reference: string) => {
      for (const h of [...handlers]) h.chainChanged(reference)
    },
  }
}

const REJECTED = { code: 4001, message: 'User rejected the request.' }

/** The app's own sign-in backend, at the edge of the world: it records every call. */
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
  const config: SiwxConfig & { refuse?: Error; failGetSessions?: Error } = {
    async createMessage({ accountAddress, chainId }) {
      calls.push(`createMessage ${chainId}:${accountAddress}`)
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
      return createSignInMessage(data)
    },
    async addSession(session) {
      calls.push(`addSession ${session.data.nonce}`)
      if (config.refuse) throw config.refuse
      sessions.push(session)
    },
    async revokeSession(chainId, address) {
      calls.push(`revokeSession ${chainId}:${address}`)
    },
    async setSessions(list) {
      calls.push(`setSessions ${list.length}`)
      sessions.splice(0, sessions.length, ...list)
    },
    async getSessions(chainId, address) {
      calls.push(`getSessions ${chainId}:${address}`)
      if (config.failGetSessions) throw config.failGetSessions
      return sessions.filter(
        (s) =>
          s.data.chainId === chainId &&
          s.data.accountAddress.toLowerCase() === address.toLowerCase(),
      )
    },
    getRequired: () => required,
    ...(signOutOnDisconnect === undefined ? {} : { signOutOnDisconnect }),
  }
  return { config, sessions, calls }
}

// The flow and viem's message writer load on first use: load them once, before the clock runs.
beforeAll(async () => {
  await Promise.all([import('./flow.js'), import('viem/siwe'), import('viem')])
}, 60_000)

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
  vi.useRealTimers()
})

function setup(
  options: { siwx?: SiwxConfig; siweConfig?: SiweConfig; storage?: PorticoOptions['storage'] } = {},
) {
  const wallet = createWallet()
  const built = createInspectablePortico({
    projectId: 'p',
    networks,
    storage: options.storage ?? createMemoryStorage(),
    logLevel: 'silent',
    apiUrls: { blockchain: 'http://api.test', toolkit: 'http://api.test' },
    metadata: { name: 'Sign-in test', description: 'd', url: 'https://app.example/', icons: [] },
    connectors: [{ id: 'wallet', name: 'Wallet', provider: { request: async () => null } }],
    adapters: { eip155: async () => wallet.adapter },
    ...(options.siwx ? { siwx: options.siwx } : {}),
    ...(options.siweConfig ? { siweConfig: options.siweConfig } : {}),
  })
  cleanups.push(() => built.client.destroy())
  return { ...built, wallet, client: built.client }
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
    await until(client.modal.$open, (open) => !open)
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
    await Promise.resolve()
    expect(client.modal.$open.get()).toBe(false)
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
    expect(await first).toMatchObject({ code: 'ABORTED' })
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

describe('account and network changes', () => {
  async function signedIn(required = true) {
    const backend = createBackend({ required })
    const setupResult = setup({ siwx: backend.config })
    const { client, wallet } = setupResult
    await client.connection.connect({ connectorId: 'wallet' })
    await prepared(client)
    const signing = client.siwx.signIn()
    ;(await wallet.nextSign()).approve()
    await signing
    return { ...setupResult, backend }
  }

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
    const { client, wallet } = await signedIn(false)
    wallet.chainChanged('31339')
    await until(client.siwx.$session, (s) => s === undefined)
    expect(client.modal.$view.get().view).not.toBe('SIWXSignMessage')
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
    await expect(client.siwx.signIn()).rejects.toMatchObject({ code: 'NETWORK_NOT_FOUND' })
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

describe('when the code cannot be loaded', () => {
  it('is a clear error, and the next call tries again', async () => {
    const { client } = setup({ siwx: createBackend().config })
    vi.doMock('./flow.js', () => {
      throw new Error('offline')
    })
    try {
      const error = await client.siwx.signIn().catch((e: unknown) => e)
      expect(isPorticoError(error, 'UNKNOWN_ERROR')).toBe(true)
      expect(error).toMatchObject({
        message: 'The sign-in code could not be loaded',
        details: { message: { key: 'siwx.loadFailed' } },
      })
    } finally {
      vi.doUnmock('./flow.js')
    }
    await expect(client.siwx.signIn()).rejects.toMatchObject({ code: 'NO_ACTIVE_CAIP_ADDRESS' })
  })
})
