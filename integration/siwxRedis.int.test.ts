import { createSiwxServer, type SiwxServer } from '@portico/server'
import { createRedisStore } from '@portico/server/redis'
import { generateKeyPair, getAddressFromPublicKey, getBase58Decoder, signBytes } from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startRedis } from '../scripts/redis.mjs'

// @portico/server's Redis store on a real redis-server (Debian's; scripts/redis.mjs installs it
// when it can), started by this file on a loopback port of its own and stopped after: two
// server instances behind one "load balancer" share nonces, sessions and revocations, and a
// Redis that is away means 503 and no sign-in. Solana signatures verify offline, so every
// sign-in here is a real one; the devnet's chains are in siwxServer.int.test.ts.

const APP = 'https://app.example'
const SOLANA = 'solana:8eRXQkZRbsigXb4zuUASq8R3mfJCH3FP'
const SECRET = 'the secret both instances share, 32+ bytes'
/** How long a test waits for the client to reconnect after Redis returns. */
const RECONNECT_DEADLINE_MS = 15_000

type Redis = Awaited<ReturnType<typeof startRedis>>
let redis: Redis
const stores: ReturnType<typeof createRedisStore>[] = []
let solana: { address: string; sign(text: string): Promise<string> }

beforeAll(async () => {
  redis = await startRedis()
  const keys = await generateKeyPair()
  solana = {
    address: await getAddressFromPublicKey(keys.publicKey),
    async sign(text) {
      return getBase58Decoder().decode(
        await signBytes(keys.privateKey, new TextEncoder().encode(text)),
      )
    },
  }
}, 120_000)

afterAll(async () => {
  for (const store of stores) await store.close()
  await redis?.stop()
})

/** One instance of the app's server, with a Redis client of its own. */
async function instance(options: { storeTimeout?: number } = {}) {
  const store = createRedisStore({ url: redis.url, prefix: `test:${process.pid}:` })
  stores.push(store)
  await store.connect()
  return createSiwxServer({
    domains: [APP],
    chains: [SOLANA],
    store,
    secret: SECRET,
    cookie: true,
    ...options,
  })
}

const request = (method: string, path: string, init: { token?: string; body?: unknown } = {}) =>
  new Request(`https://api.example/auth/v1/${path}`, {
    method,
    headers: {
      Origin: APP,
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  })

async function answer(server: SiwxServer, req: Request) {
  const response = await server.handle(req)
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

/** A message signed for a nonce `from` issued; the body `authenticate` takes. */
async function signed(from: SiwxServer) {
  const { body } = await answer(from, request('GET', 'nonce'))
  const message = [
    `app.example wants you to sign in with your Solana account:`,
    solana.address,
    '',
    'Sign in to the app',
    '',
    `URI: ${APP}/`,
    'Version: 1',
    `Chain ID: ${SOLANA.split(':')[1]}`,
    `Nonce: ${body.nonce}`,
    `Issued At: ${new Date().toISOString()}`,
  ].join('\n')
  return { message, signature: await solana.sign(message) }
}

/** Retries `attempt` until it answers `status`, within a deadline (the client reconnecting). */
async function eventually(attempt: () => Promise<{ status: number }>, status: number) {
  const deadline = Date.now() + RECONNECT_DEADLINE_MS
  for (;;) {
    const { status: got } = await attempt()
    if (got === status) return
    if (Date.now() > deadline) {
      throw new Error(
        `still ${got}, not ${status}, ${RECONNECT_DEADLINE_MS} ms after Redis returned`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

describe('two instances on one Redis', () => {
  it('refuse a nonce the other consumed, accept each other’s sessions, and revoke them for both', async () => {
    const [a, b] = [await instance(), await instance()]
    const body = await signed(a)
    // Issued by A, used on B: the nonce is shared.
    const signedIn = await answer(b, request('POST', 'authenticate', { body }))
    expect(signedIn.status).toBe(200)
    expect(await answer(a, request('POST', 'authenticate', { body }))).toEqual({
      status: 401,
      body: { error: 'nonce already used' },
    })
    expect(await answer(b, request('POST', 'authenticate', { body }))).toEqual({
      status: 401,
      body: { error: 'nonce already used' },
    })

    const token = signedIn.body.token as string
    const session = signedIn.body.session
    expect(await answer(a, request('GET', 'me', { token }))).toEqual({
      status: 200,
      body: { session },
    })
    expect((await a.verifyRequest(request('GET', 'orders', { token }))).session).toEqual(session)

    expect((await answer(a, request('POST', 'sign-out', { token }))).status).toBe(200)
    for (const server of [a, b]) {
      expect(await answer(server, request('GET', 'me', { token }))).toEqual({
        status: 401,
        body: { error: 'signed out' },
      })
    }
  })

  it('let exactly one of many simultaneous attempts with one message through', async () => {
    const servers = [await instance(), await instance()]
    const body = await signed(servers[0] as SiwxServer)
    const attempts = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        answer(servers[i % 2] as SiwxServer, request('POST', 'authenticate', { body })),
      ),
    )
    expect(attempts.filter((a) => a.status === 200)).toHaveLength(1)
    expect(attempts.filter((a) => a.body.error === 'nonce already used')).toHaveLength(19)
  })

  it('refuse a nonce issued by another deployment (another Redis prefix)', async () => {
    const other = createRedisStore({ url: redis.url, prefix: 'another-app:' })
    stores.push(other)
    await other.connect()
    const elsewhere = createSiwxServer({
      domains: [APP],
      chains: [SOLANA],
      store: other,
      secret: SECRET,
    })
    const body = await signed(elsewhere)
    expect(await answer(await instance(), request('POST', 'authenticate', { body }))).toEqual({
      status: 401,
      body: { error: 'unknown nonce' },
    })
  })
})

describe('when Redis is away', () => {
  it('answers 503 and accepts nothing while it is frozen, and loses nothing when it comes back', async () => {
    const server = await instance({ storeTimeout: 500 })
    const body = await signed(server)
    const first = await answer(
      server,
      request('POST', 'authenticate', { body: await signed(server) }),
    )
    const token = first.body.token as string
    redis.pause()
    try {
      const unavailable = {
        status: 503,
        body: { error: 'session store unavailable, try again shortly' },
      }
      expect(await answer(server, request('POST', 'authenticate', { body }))).toEqual(unavailable)
      expect(await answer(server, request('GET', 'me', { token }))).toEqual(unavailable)
      expect(await answer(server, request('GET', 'nonce'))).toEqual(unavailable)
      await expect(server.verifyRequest(request('GET', 'orders', { token }))).rejects.toMatchObject(
        {
          status: 503,
        },
      )
    } finally {
      redis.resume()
    }
    // The nonce and the session were kept: the refused sign-in goes through now, once.
    expect((await answer(server, request('GET', 'me', { token }))).status).toBe(200)
    const late = await answer(server, request('POST', 'authenticate', { body }))
    expect(late.status).toBe(200)
    expect((await answer(server, request('POST', 'authenticate', { body }))).body.error).toBe(
      'nonce already used',
    )
  })

  it('answers 503 at once when Redis is killed, and works again once a Redis is back on its port', async () => {
    const server = await instance()
    const body = await signed(server)
    const port = redis.port
    await redis.stop()
    const started = Date.now()
    expect(await answer(server, request('POST', 'authenticate', { body }))).toEqual({
      status: 503,
      body: { error: 'session store unavailable, try again shortly' },
    })
    // No offline queue: the refusal does not wait for the store's deadline.
    expect(Date.now() - started).toBeLessThan(1_000)
    expect((await answer(server, request('GET', 'nonce'))).status).toBe(503)

    redis = await startRedis({ port })
    await eventually(() => answer(server, request('GET', 'nonce')), 200)
    // This Redis kept nothing (no persistence): the old nonce is unknown, a new sign-in works.
    expect(await answer(server, request('POST', 'authenticate', { body }))).toEqual({
      status: 401,
      body: { error: 'unknown nonce' },
    })
    expect(
      (await answer(server, request('POST', 'authenticate', { body: await signed(server) })))
        .status,
    ).toBe(200)
  })
})
