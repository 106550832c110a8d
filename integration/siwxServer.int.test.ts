import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  createMemoryStorage,
  createPortico,
  createServerSiwx,
  type PorticoClient,
} from '@portico/core'
import { type Devnet, startDevnet } from '@portico/devnet'
import { createDevnetSolanaWalletCore } from '@portico/devnet/solana-wallet'
import { createDevnetWalletCore, type DevnetWalletCore } from '@portico/devnet/wallet'
import { createSiwxServer, type SiwxServer } from '@portico/server'
import { toNodeListener } from '@portico/server/node'
import { createRedisStore } from '@portico/server/redis'
import { getBase58Decoder } from '@solana/kit'
import { type Address, stringToHex } from 'viem'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startRedis } from '../scripts/redis.mjs'

// An app's own server built on @portico/server, on a real Node HTTP server with the Redis store,
// against the devnet's chains and its wallets (the Devnet Wallet for EOAs, the Devnet Solana
// Wallet): the browser side (`createServerSiwx`) signs in through it unchanged, the app's own
// route reads the account with `verifyRequest`, and every refusal is named.

const ORIGIN = 'http://127.0.0.1:5173'
const WALLET_ID = 'devnet-wallet'

let devnet: Devnet
let redis: Awaited<ReturnType<typeof startRedis>>
let redisStore: ReturnType<typeof createRedisStore>
let http: Server
let baseUrl: string
let siwx: SiwxServer
/** The app server's clock: tests move it to expire messages. */
let offsetMs = 0
const clients: PorticoClient[] = []

beforeAll(async () => {
  devnet = await startDevnet({ ports: { api: 0, chains: [0, 0, 0], relay: 0 } })
  redis = await startRedis()
  redisStore = createRedisStore({ url: redis.url })
  await redisStore.connect()
  siwx = createSiwxServer({
    domains: [ORIGIN],
    origins: [ORIGIN],
    chains: [
      ...devnet.chains.map((chain) => ({ id: chain.caipNetworkId, rpcUrl: chain.rpcUrl })),
      devnet.solana.caipNetworkId,
    ],
    store: redisStore,
    secret: 'an app secret of at least thirty-two bytes',
    cookie: true,
    now: () => Date.now() + offsetMs,
  })
  const auth = toNodeListener(siwx.handle)
  http = createServer((req, res) => {
    if (req.url?.startsWith('/auth/v1/')) return auth(req, res)
    // The app's own protected route.
    siwx
      .verifyRequest(
        new Request(`http://${req.headers.host}${req.url}`, {
          headers: req.headers as HeadersInit,
        }),
      )
      .then(
        ({ session }) => {
          res.setHeader('Content-Type', 'application/json')
          res.end(JSON.stringify({ orders: [], account: session.caipAddress }))
        },
        (error: { status?: number; message: string }) => {
          res.statusCode = error.status ?? 500
          res.end(JSON.stringify({ error: error.message }))
        },
      )
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
}, 120_000)

afterEach(() => {
  offsetMs = 0
  for (const client of clients.splice(0)) client.destroy()
})

afterAll(async () => {
  await new Promise((resolve) => http?.close(resolve))
  await redisStore?.close()
  await redis?.stop()
  await devnet?.stop()
})

const evmWallet = (accountIndex = 0) => {
  const core = createDevnetWalletCore({
    chains: [...devnet.chains],
    autoApprove: true,
    origin: ORIGIN,
    storageKey: `siwx-server-${Math.random()}`,
  })
  if (accountIndex) core.selectAccount(accountIndex)
  return core
}

async function call(
  method: string,
  path: string,
  init: { token?: string; body?: unknown; origin?: string } = {},
) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      Origin: init.origin ?? ORIGIN,
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  })
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    response,
  }
}

/** An EIP-4361 message for account 0 on the devnet's first chain, with a nonce from this server. */
async function message(
  fields: { domain?: string; uri?: string; chainId?: number; nonce?: string } = {},
) {
  const nonce = fields.nonce ?? ((await call('GET', '/auth/v1/nonce')).body.nonce as string)
  return createSiweMessage({
    domain: fields.domain ?? '127.0.0.1:5173',
    address: devnet.accounts[0]!.address as Address,
    statement: 'Sign in to the app',
    uri: fields.uri ?? `${ORIGIN}/`,
    version: '1',
    chainId: fields.chainId ?? devnet.chains[0]!.chainId,
    nonce,
    issuedAt: new Date(Date.now() + offsetMs),
    expirationTime: new Date(Date.now() + offsetMs + 60 * 60_000),
  })
}

/** The Devnet Wallet's personal_sign, as a page would ask it. */
async function sign(wallet: DevnetWalletCore, text: string) {
  const [account] = (await wallet.provider.request({ method: 'eth_requestAccounts' })) as string[]
  return (await wallet.provider.request({
    method: 'personal_sign',
    params: [stringToHex(text), account],
  })) as string
}

describe('an app server on @portico/server, with the devnet wallets', () => {
  it('signs the Devnet Wallet in through the browser side, serves the protected route, signs out', async () => {
    const browserSiwx = createServerSiwx({ required: true, url: `${baseUrl}/auth/v1` })
    const client = createPortico({
      projectId: 'devnet',
      networks: [devnet.networks[0]!, ...devnet.networks.slice(1)],
      apiUrls: { blockchain: devnet.apiUrl, toolkit: devnet.apiUrl, relay: devnet.relayUrl },
      storage: createMemoryStorage(),
      logLevel: 'silent',
      fetch: (input, init) =>
        fetch(input, { ...init, headers: { ...(init?.headers as object), Origin: ORIGIN } }),
      metadata: { name: 'App', description: 'server', url: ORIGIN, icons: [] },
      connectors: [{ id: WALLET_ID, name: 'Devnet Wallet', provider: evmWallet().provider }],
      siwx: browserSiwx,
    })
    clients.push(client)
    await client.connection.connect({ connectorId: WALLET_ID })
    await new Promise<void>((resolve) => {
      const stop = client.siwx.$message.subscribe((state) => {
        if (state.status === 'success') {
          queueMicrotask(() => stop())
          resolve()
        }
      })
    })
    await client.siwx.signIn()
    const address = devnet.accounts[0]!.address
    const token = (await browserSiwx.getToken('eip155:31337', address))!
    expect(await call('GET', '/api/orders', { token })).toMatchObject({
      status: 200,
      body: { orders: [], account: `eip155:31337:${address}` },
    })
    await client.siwx.signOut()
    expect(await call('GET', '/api/orders', { token })).toMatchObject({
      status: 401,
      body: { error: 'signed out' },
    })
  })

  it('signs the Devnet Solana Wallet in, and the cookie alone opens the protected route', async () => {
    const core = createDevnetSolanaWalletCore({
      chains: [
        { id: devnet.solana.caipNetworkId, name: 'Devnet Solana', rpcUrl: devnet.solana.rpcUrl },
      ],
      autoApprove: true,
      origin: ORIGIN,
      storageKey: `siwx-server-solana-${Math.random()}`,
    })
    // The two Wallet Standard features a page uses to sign in, as the wallet declares them.
    type Account = { address: string }
    const features = core.wallet.features as unknown as {
      'standard:connect': { connect(): Promise<{ accounts: readonly Account[] }> }
      'solana:signMessage': {
        signMessage(input: {
          account: Account
          message: Uint8Array
        }): Promise<readonly { signature: Uint8Array }[]>
      }
    }
    const { accounts } = await features['standard:connect'].connect()
    const account = accounts[0] as Account
    const { nonce } = (await call('GET', '/auth/v1/nonce')).body as { nonce: string }
    const text = [
      '127.0.0.1:5173 wants you to sign in with your Solana account:',
      account.address,
      '',
      'Sign in to the app',
      '',
      `URI: ${ORIGIN}/`,
      'Version: 1',
      `Chain ID: ${devnet.solana.caipNetworkId.split(':')[1]}`,
      `Nonce: ${nonce}`,
      `Issued At: ${new Date().toISOString()}`,
    ].join('\n')
    const [signed] = await features['solana:signMessage'].signMessage({
      account,
      message: new TextEncoder().encode(text),
    })
    const signature = getBase58Decoder().decode(signed!.signature)
    const answer = await call('POST', '/auth/v1/authenticate', {
      body: { message: text, signature },
    })
    expect(answer.body.session).toMatchObject({
      caipAddress: `${devnet.solana.caipNetworkId}:${account.address}`,
      accountType: 'eoa',
    })
    const cookie = answer.response.headers.get('set-cookie')!
    expect(cookie).toMatch(
      /^portico_session=[^;]+; Path=\/; Max-Age=86400; HttpOnly; SameSite=Lax$/,
    )
    const orders = await fetch(`${baseUrl}/api/orders`, {
      headers: { Cookie: cookie.split(';')[0]! },
    })
    expect(await orders.json()).toEqual({
      orders: [],
      account: `${devnet.solana.caipNetworkId}:${account.address}`,
    })
  })
})

describe('what the app server refuses', () => {
  const authenticate = (body: unknown, origin?: string) =>
    call('POST', '/auth/v1/authenticate', { body, ...(origin ? { origin } : {}) }).then(
      ({ status, body }) => ({
        status,
        body,
      }),
    )

  it('a replayed message', async () => {
    const text = await message()
    const body = { message: text, signature: await sign(evmWallet(), text) }
    expect((await authenticate(body)).status).toBe(200)
    expect(await authenticate(body)).toEqual({ status: 401, body: { error: 'nonce already used' } })
  })

  it('a nonce issued by another deployment', async () => {
    const other = createSiwxServer({ domains: [ORIGIN], chains: [devnet.solana.caipNetworkId] })
    const { nonce } = await other.siwx.nonce()
    const text = await message({ nonce })
    expect(await authenticate({ message: text, signature: await sign(evmWallet(), text) })).toEqual(
      {
        status: 401,
        body: { error: 'unknown nonce' },
      },
    )
  })

  it('a message for another domain, or another page', async () => {
    const text = await message({ domain: 'localhost:5173', uri: 'http://localhost:5173/' })
    const answer = await authenticate({ message: text, signature: await sign(evmWallet(), text) })
    expect(answer).toEqual({
      status: 401,
      body: {
        error:
          'wrong domain: the message is for localhost:5173, the request comes from http://127.0.0.1:5173',
      },
    })
    const elsewhere = await message()
    expect(
      await authenticate(
        { message: elsewhere, signature: await sign(evmWallet(), elsewhere) },
        'https://evil.example',
      ),
    ).toEqual({ status: 403, body: { error: 'origin not allowed: https://evil.example' } })
  })

  it('a chain the server does not accept', async () => {
    const text = await message({ chainId: 1 })
    const answer = await authenticate({ message: text, signature: await sign(evmWallet(), text) })
    expect(answer.status).toBe(400)
    expect(answer.body.error).toMatch(
      /^wrong chain: eip155:1 is not accepted here \(accepted: eip155:31337, /,
    )
  })

  it('an expired message', async () => {
    const text = await message()
    const signature = await sign(evmWallet(), text)
    offsetMs = 2 * 60 * 60_000
    expect(await authenticate({ message: text, signature })).toEqual({
      status: 401,
      body: { error: 'message expired' },
    })
  })

  it('the signature of another address', async () => {
    const text = await message()
    expect(
      await authenticate({ message: text, signature: await sign(evmWallet(1), text) }),
    ).toEqual({
      status: 401,
      body: { error: 'bad signature' },
    })
  })

  it('a tampered token, and a revoked one', async () => {
    const text = await message()
    const { body } = await authenticate({ message: text, signature: await sign(evmWallet(), text) })
    const token = body.token as string
    const [header, payload, mac] = token.split('.') as [string, string, string]
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString())
    claims.session.address = devnet.accounts[1]!.address
    const forged = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${mac}`
    expect(await call('GET', '/api/orders', { token: forged })).toMatchObject({
      status: 401,
      body: { error: 'invalid token' },
    })
    expect((await call('GET', '/api/orders', { token })).status).toBe(200)
    expect((await call('POST', '/auth/v1/sign-out', { token })).status).toBe(200)
    expect(await call('GET', '/auth/v1/me', { token })).toMatchObject({
      status: 401,
      body: { error: 'signed out' },
    })
  })
})
