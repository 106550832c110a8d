import {
  createMemoryStorage,
  createPortico,
  createServerSiwx,
  type PorticoClient,
  type ServerSiwx,
  type SiwxSession,
} from '@portico/core'
import {
  createDevnetWalletConnectWallet,
  type Devnet,
  type DevnetWalletConnectWallet,
  startDevnet,
} from '@portico/devnet'
import { createDevnetWalletCore, type DevnetWalletCore } from '@portico/devnet/wallet'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

// The page the SDK signs in for. In Node there is no page: the app's metadata URL stands for it,
// and every request carries its Origin, as a browser's would.
const ORIGIN = 'http://127.0.0.1:5173'
const MNEMONIC = 'test test test test test test test test test test test junk'
const WALLET_ID = 'devnet-wallet'

let devnet: Devnet
/** The devnet server's clock: tests move it to expire messages. */
let serverOffsetMs = 0
const clients: PorticoClient[] = []

beforeAll(async () => {
  devnet = await startDevnet({
    ports: { api: 0, chains: [0, 0, 0], relay: 0 },
    clock: () => Date.now() + serverOffsetMs,
  })
}, 60_000)

afterEach(() => {
  serverOffsetMs = 0
  for (const client of clients.splice(0)) client.destroy()
})

afterAll(async () => {
  await devnet?.stop()
})

/**
 * A page's fetch from `origin`, with the browser's cookie jar for the devnet's host: a cookie the
 * server sets is kept, and sent back on calls made with `credentials: 'include'` (Node's fetch
 * keeps none). `jar` shows what the server set.
 */
const jar = new Map<string, string>()
const fetchFrom =
  (origin: string): typeof fetch =>
  async (input, init) => {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
    const headers: Record<string, string> = { ...(init?.headers as object), Origin: origin }
    if (init?.credentials === 'include' && cookie) headers.Cookie = cookie
    const response = await fetch(input, { ...init, headers })
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';')
      const [name = '', value = ''] = pair.trim().split('=')
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === ''
      if (expired) jar.delete(name)
      else jar.set(name, value)
    }
    return response
  }

function sdk({
  wallet,
  siwx = createServerSiwx({ required: true, statement: 'Sign in to the Portico test' }),
  origin = ORIGIN,
  storage = createMemoryStorage(),
}: {
  wallet?: DevnetWalletCore
  siwx?: ServerSiwx
  origin?: string
  storage?: ReturnType<typeof createMemoryStorage>
} = {}) {
  const client = createPortico({
    projectId: 'devnet',
    networks: [devnet.networks[0]!, ...devnet.networks.slice(1)],
    apiUrls: { blockchain: devnet.apiUrl, toolkit: devnet.apiUrl, relay: devnet.relayUrl },
    storage,
    logLevel: 'silent',
    fetch: fetchFrom(origin),
    metadata: { name: 'Portico test', description: 'siwx', url: origin, icons: [] },
    connectors: wallet ? [{ id: WALLET_ID, name: 'Devnet Wallet', provider: wallet.provider }] : [],
    siwx,
  })
  clients.push(client)
  return { client, siwx, storage }
}

/** Resolves with the first value of a store that passes `test` (the store's own events, no timer). */
function until<T>(store: { subscribe(cb: (v: T) => void): () => void }, test: (v: T) => boolean) {
  return new Promise<T>((resolve) => {
    const stop = store.subscribe((value) => {
      if (test(value)) {
        queueMicrotask(() => stop())
        resolve(value)
      }
    })
  })
}

const wallet = (accountIndex = 0) => {
  const core = createDevnetWalletCore({
    chains: [...devnet.chains, devnet.unlistedChain],
    autoApprove: true,
    origin: ORIGIN,
    storageKey: `siwx-test-${Math.random()}`,
  })
  if (accountIndex) core.selectAccount(accountIndex)
  return core
}

async function me(token: string) {
  const response = await fetch(`${devnet.apiUrl}/auth/v1/me?projectId=devnet&st=portico&sv=test`, {
    headers: { Authorization: `Bearer ${token}` },
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

async function authenticate(body: unknown, origin = ORIGIN) {
  const response = await fetch(
    `${devnet.apiUrl}/auth/v1/authenticate?projectId=devnet&st=portico&sv=test`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: origin },
      body: JSON.stringify(body),
    },
  )
  return { status: response.status, body: (await response.json()) as { error?: string } }
}

describe('signing in with the Devnet Wallet against the devnet server', () => {
  it('asks after the connection, signs, and the server knows the session', async () => {
    const devnetWallet = wallet()
    const { client, siwx } = sdk({ wallet: devnetWallet })
    const address = devnet.accounts[0]!.address
    await client.connection.connect({ connectorId: WALLET_ID })

    // Required sign-in: the modal shows SIWXSignMessage and will not close.
    await until(client.modal.$view, (entry) => entry.view === 'SIWXSignMessage')
    expect(client.modal.$open.get()).toBe(true)
    expect(client.modal.close()).toBe(false)
    const prepared = await until(client.siwx.$message, (state) => state.status === 'success')
    const text = prepared.data!.text
    expect(text.split('\n').slice(0, 2)).toEqual([
      '127.0.0.1:5173 wants you to sign in with your Ethereum account:',
      address,
    ])
    expect(text).toContain('\nSign in to the Portico test\n')
    expect(text).toContain('\nURI: http://127.0.0.1:5173/\n')
    expect(text).toContain('\nChain ID: 31337\n')
    expect(text).toMatch(/\nNonce: [0-9a-f]{32}\n/)

    const session = await client.siwx.signIn()
    expect(session.message).toBe(text)
    expect(client.modal.$open.get()).toBe(false)
    expect(client.siwx.$sessionInfo.get()).toMatchObject({
      address,
      chainId: 'eip155:31337',
      via: 'message',
    })

    const token = await siwx.getToken('eip155:31337', address)
    const answer = await me(token!)
    expect(answer.status).toBe(200)
    expect(answer.body.session).toMatchObject({
      address,
      chainId: 'eip155:31337',
      accountType: 'eoa',
      domain: '127.0.0.1:5173',
      origin: ORIGIN,
      via: 'message',
    })
    expect(await siwx.me('eip155:31337', address)).toMatchObject({ address, accountType: 'eoa' })
  })

  it('keeps the session across a reload only as the server confirms it (its cookie)', async () => {
    const devnetWallet = wallet()
    const storage = createMemoryStorage()
    const first = sdk({ wallet: devnetWallet, storage })
    await first.client.connection.connect({ connectorId: WALLET_ID })
    await until(first.client.siwx.$message, (s) => s.status === 'success')
    await first.client.siwx.signIn()
    first.client.destroy()

    // The token stayed in the first page's memory: nothing in storage is a credential.
    const token = (await first.siwx.getToken('eip155:31337', devnet.accounts[0]!.address))!
    expect(storage.getItem('@portico/siwx_tokens')).not.toContain(token)
    const cookieSet = jar.size > 0
    first.client.destroy()

    // The same browser storage and cookies, a new page: the wallet is restored, and the session
    // is what the server says through its HttpOnly cookie (the devnet's sign-in sets one once it
    // is configured to, as @portico/server's `cookie` option does); without one the page's
    // storage alone is not believed and the required sign-in asks again.
    const second = sdk({ wallet: devnetWallet, storage })
    const stop = second.client.siwx.$session.subscribe(() => undefined)
    await second.client.connection.reconnect()
    if (cookieSet) {
      const session = await until(second.client.siwx.$session, (s) => s !== undefined)
      expect(session!.data.accountAddress).toBe(devnet.accounts[0]!.address)
      expect(second.client.modal.$open.get()).toBe(false)
    } else {
      await until(second.client.modal.$view, (v) => v.view === 'SIWXSignMessage')
      expect(second.client.siwx.$session.get()).toBeUndefined()
    }
    stop()
    jar.clear()
  })

  it('signs out on the server: the token is refused after', async () => {
    const { client, siwx } = sdk({ wallet: wallet() })
    await client.connection.connect({ connectorId: WALLET_ID })
    await until(client.siwx.$message, (s) => s.status === 'success')
    await client.siwx.signIn()
    const address = devnet.accounts[0]!.address
    const token = (await siwx.getToken('eip155:31337', address))!
    await client.siwx.signOut()
    expect((await me(token)).body).toEqual({ error: 'signed out' })
    expect(await siwx.getToken('eip155:31337', address)).toBeUndefined()
    // Required sign-in: signing out disconnects, and the modal (still locked) is back on Connect.
    expect(client.connection.$status.get()).toBe('disconnected')
  })
})

describe('what the server refuses, as the SDK sees it', () => {
  /** A signed session for account 0, made by the SDK's configuration but not yet sent. */
  async function signed(origin = ORIGIN) {
    const siwx = standalone(origin)
    const account = mnemonicToAccount(MNEMONIC, { addressIndex: 0 })
    const message = await siwx.createMessage({
      accountAddress: account.address,
      chainId: 'eip155:31337',
    })
    const text = message.toString()
    const session: SiwxSession = {
      data: message.data,
      message: text,
      signature: await account.signMessage({ message: text }),
    }
    return { session, text }
  }

  it('refuses a replayed message', async () => {
    const { session } = await signed()
    const body = { message: session.message, signature: session.signature }
    expect((await authenticate(body)).status).toBe(200)
    expect(await authenticate(body)).toEqual({ status: 401, body: { error: 'nonce already used' } })
  })

  it('refuses a message for another domain', async () => {
    const { session } = await signed('http://localhost:5173')
    const body = { message: session.message, signature: session.signature }
    const answer = await authenticate(body, ORIGIN)
    expect(answer.status).toBe(401)
    expect(answer.body.error).toMatch(/^wrong domain: the message is for localhost:5173/)
  })

  it('refuses an expired message', async () => {
    const { session } = await signed()
    serverOffsetMs = 25 * 60 * 60_000 // past the one-day expiry the SDK writes
    const answer = await authenticate({ message: session.message, signature: session.signature })
    expect(answer).toEqual({ status: 401, body: { error: 'message expired' } })
  })

  it('refuses a signature by another key', async () => {
    const { session } = await signed()
    const other = mnemonicToAccount(MNEMONIC, { addressIndex: 1 })
    const signature = await other.signMessage({ message: session.message })
    const answer = await authenticate({ message: session.message, signature })
    expect(answer).toEqual({ status: 401, body: { error: 'bad signature' } })
  })

  it('shows the refusal in the sign-in state, and the view stays', async () => {
    // A wallet that signs with another key than the account it shares.
    const devnetWallet = wallet()
    const other = mnemonicToAccount(MNEMONIC, { addressIndex: 1 })
    const provider = {
      ...devnetWallet.provider,
      request: async (args: { method: string; params?: readonly unknown[] }) => {
        if (args.method !== 'personal_sign') return devnetWallet.provider.request(args)
        const hex = (args.params as string[])[0]!
        return other.signMessage({ message: { raw: hex as `0x${string}` } })
      },
    }
    const client = createPortico({
      projectId: 'devnet',
      networks: [devnet.networks[0]!, ...devnet.networks.slice(1)],
      apiUrls: { blockchain: devnet.apiUrl, toolkit: devnet.apiUrl },
      storage: createMemoryStorage(),
      logLevel: 'silent',
      fetch: fetchFrom(ORIGIN),
      metadata: { name: 'Portico test', description: 'siwx', url: ORIGIN, icons: [] },
      connectors: [{ id: WALLET_ID, name: 'Devnet Wallet', provider: provider as never }],
      siwx: createServerSiwx({ required: true }),
    })
    clients.push(client)
    await client.connection.connect({ connectorId: WALLET_ID })
    await until(client.siwx.$message, (s) => s.status === 'success')
    await expect(client.siwx.signIn()).rejects.toMatchObject({
      code: 'API_ERROR',
      details: {
        status: 401,
        serverError: 'bad signature',
        message: { key: 'siwx.refused', params: { reason: 'bad signature' } },
      },
    })
    expect(client.siwx.$signIn.get()).toMatchObject({ status: 'error' })
    expect(client.modal.$view.get().view).toBe('SIWXSignMessage')
    expect(client.siwx.$session.get()).toBeUndefined()
  })
})

describe('smart accounts', () => {
  async function signInAs(
    address: `0x${string}`,
    wrap: (signature: `0x${string}`) => `0x${string}`,
  ) {
    const siwx = standalone(ORIGIN)
    const owner = mnemonicToAccount(MNEMONIC, { addressIndex: 0 })
    const message = await siwx.createMessage({ accountAddress: address, chainId: 'eip155:31337' })
    const text = message.toString()
    await siwx.addSession({
      data: message.data,
      message: text,
      signature: wrap(await owner.signMessage({ message: text })),
    })
    return siwx.me('eip155:31337', address)
  }

  it('verifies a deployed ERC-1271 account signed by its owner', async () => {
    const { deployed } = devnet.smartAccounts
    const session = await signInAs(deployed.address as `0x${string}`, (s) => s)
    expect(session).toMatchObject({ address: deployed.address, accountType: 'smartAccount' })
  })

  it('verifies a counterfactual account through its ERC-6492 signature', async () => {
    const { serializeErc6492Signature } = await import('viem')
    const { counterfactual } = devnet.smartAccounts
    const session = await signInAs(counterfactual.address as `0x${string}`, (signature) =>
      serializeErc6492Signature({
        address: counterfactual.factory as `0x${string}`,
        data: counterfactual.factoryData as `0x${string}`,
        signature,
      }),
    )
    expect(session).toMatchObject({
      address: counterfactual.address,
      accountType: 'smartAccount',
    })
  })
})

/** The server-backed configuration on its own, with the context a client would give it. */
function standalone(origin: string) {
  const siwx = createServerSiwx()
  const map = new Map<string, unknown>()
  const quiet = () => undefined
  siwx.init?.({
    storage: {
      read: (key, validate) => validate(map.get(key)),
      write: (key, value) => void map.set(key, JSON.parse(JSON.stringify(value))),
      remove: (key) => void map.delete(key),
    },
    toolkitUrl: (path) => `${devnet.apiUrl}/${path}?projectId=devnet&st=portico&sv=test`,
    fetch: fetchFrom(origin),
    now: () => Date.now(),
    networks: devnet.networks,
    logger: {
      level: 'silent',
      error: quiet,
      warn: quiet,
      info: quiet,
      debug: quiet,
      entries: () => [],
    },
    domain: new URL(origin).host,
    uri: `${origin}/`,
  })
  return siwx
}

describe('one-click sign-in with the node WalletConnect wallet', () => {
  let wcWallet: DevnetWalletConnectWallet

  beforeAll(async () => {
    wcWallet = await createDevnetWalletConnectWallet({
      relayUrl: devnet.relayUrl,
      chains: devnet.chains,
      autoApprove: true,
    })
  })
  afterAll(async () => {
    await wcWallet?.close()
  })

  it('signs in within the pairing approval: no sign-in view, the server has the session', async () => {
    const { client, siwx } = sdk()
    const pairing = client.walletConnect.startPairing()
    const uri = await until(client.walletConnect.$wcUri, (v) => typeof v === 'string')
    const proposal = await wcWallet.pair(uri!)
    // The proposal carries the sign-in: the page's domain and URI, the app's eip155 chains.
    expect(proposal.authentication).toEqual([
      expect.objectContaining({
        domain: '127.0.0.1:5173',
        uri: `${ORIGIN}/`,
        chains: ['eip155:31337', 'eip155:31338'],
      }),
    ])
    await proposal.approve()
    const connected = await pairing
    const address = wcWallet.address()
    expect(connected?.address).toBe(address)

    const session = await until(client.siwx.$session, (s) => s !== undefined)
    expect(session!.cacao).toBeDefined()
    expect(client.siwx.$sessionInfo.get()).toMatchObject({ address, via: 'cacao' })
    expect(client.modal.$view.get().view).not.toBe('SIWXSignMessage')
    const server = await siwx.me('eip155:31337', address)
    expect(server).toMatchObject({ address, via: 'cacao', chainId: 'eip155:31337' })
    await client.connection.disconnect()
  })
})
