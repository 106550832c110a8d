import fc from 'fast-check'
import { mnemonicToAccount } from 'viem/accounts'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createLogger } from '../logger/index.js'
import { createMemoryStorage, createSafeStorage } from '../storage/index.js'
import { createServerSiwx } from './server.js'
import { SIWX_SERVER_TIMEOUT_MS, SIWX_TOKENS_KEY, serverSession } from './serverImpl.js'
import type { ServerSiwxOptions, SiwxContext, SiwxSession } from './types.js'

// Loaded on first use by the code under test: loaded once here, outside any test's clock.
beforeAll(async () => {
  await Promise.all([import('./serverImpl.js'), import('viem/siwe'), import('viem')])
}, 60_000)

const ACCOUNT = mnemonicToAccount('test test test test test test test test test test test junk')
const ADDRESS = ACCOUNT.address
const NOW = Date.parse('2026-01-01T00:00:00.000Z')

type Route = (request: { url: URL; init: RequestInit }) => Response | Promise<Response>

/** The sign-in server at the edge of the world: each route answers what the test says. */
function createServer(routes: Record<string, Route> = {}) {
  const requests: { method: string; path: string; auth?: string; body?: unknown }[] = []
  const fetch: typeof globalThis.fetch = async (input, init = {}) => {
    const url = new URL(String(input))
    const headers = (init.headers ?? {}) as Record<string, string>
    requests.push({
      method: init.method ?? 'GET',
      path: url.pathname,
      auth: headers.Authorization,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    })
    const route = routes[url.pathname]
    if (!route) return Response.json({ error: 'not found' }, { status: 404 })
    if (init.signal?.aborted) throw init.signal.reason
    return route({ url, init })
  }
  return { fetch, requests, routes }
}

function serverAnswer(overrides: Record<string, unknown> = {}) {
  return {
    address: ADDRESS,
    chainId: 'eip155:31337',
    caipAddress: `eip155:31337:${ADDRESS}`,
    accountType: 'eoa',
    via: 'message',
    domain: 'app.example',
    uri: 'https://app.example/',
    origin: 'https://app.example',
    signedInAt: '2026-01-01T00:00:00.000Z',
    expiresAt: '2026-01-01T12:00:00.000Z',
    ...overrides,
  }
}

const happyRoutes = (): Record<string, Route> => ({
  '/auth/v1/nonce': () =>
    Response.json({ nonce: 'abcdef0123456789', expiresAt: '2026-01-01T00:10:00.000Z' }),
  '/auth/v1/authenticate': () => Response.json({ token: 'jwt.token.one', session: serverAnswer() }),
  '/auth/v1/me': () => Response.json({ session: serverAnswer() }),
  '/auth/v1/sign-out': () => Response.json({ success: true }),
})

afterEach(() => {
  vi.useRealTimers()
})

function setup(options: ServerSiwxOptions = {}, routes = happyRoutes()) {
  const server = createServer(routes)
  const adapter = createMemoryStorage()
  const logger = createLogger({ level: 'silent' })
  const storage = createSafeStorage(adapter, logger)
  let now = NOW
  const context: SiwxContext = {
    storage,
    toolkitUrl: (path) => `https://api.example/${path}?projectId=p`,
    fetch: server.fetch,
    now: () => now,
    networks: [],
    logger,
    domain: 'app.example',
    uri: 'https://app.example/',
  }
  const siwx = createServerSiwx(options)
  siwx.init?.(context)
  return {
    siwx,
    server,
    adapter,
    storage,
    setNow: (ms: number) => {
      now = ms
    },
  }
}

async function signed(siwx: ReturnType<typeof setup>['siwx']): Promise<SiwxSession> {
  const message = await siwx.createMessage({ accountAddress: ADDRESS, chainId: 'eip155:31337' })
  const text = message.toString()
  return {
    data: message.data,
    message: text,
    signature: await ACCOUNT.signMessage({ message: text }),
  }
}

describe('the server-backed configuration', () => {
  it('is optional and signs out on disconnect unless told otherwise', () => {
    const plain = createServerSiwx()
    expect(plain.getRequired?.()).toBe(false)
    expect(plain.signOutOnDisconnect).toBe(true)
    const strict = createServerSiwx({ required: true, signOutOnDisconnect: false })
    expect(strict.getRequired?.()).toBe(true)
    expect(strict.signOutOnDisconnect).toBe(false)
  })

  it('says it must be given to createPortico first', async () => {
    await expect(
      createServerSiwx().createMessage({ accountAddress: ADDRESS, chainId: 'eip155:1' }),
    ).rejects.toMatchObject({
      code: 'INVALID_OPTIONS',
      message: 'Pass this sign-in configuration to createPortico',
    })
  })

  it('makes the message with the server nonce, the page and the app options', async () => {
    const { siwx, server } = setup({ statement: 'Welcome back', expiresInMs: 3_600_000 })
    const message = await siwx.createMessage({ accountAddress: ADDRESS, chainId: 'eip155:31337' })
    expect(server.requests).toEqual([
      { method: 'GET', path: '/auth/v1/nonce', auth: undefined, body: undefined },
    ])
    expect(message.data).toEqual({
      accountAddress: ADDRESS,
      chainId: 'eip155:31337',
      domain: 'app.example',
      uri: 'https://app.example/',
      version: '1',
      nonce: 'abcdef0123456789',
      issuedAt: '2026-01-01T00:00:00.000Z',
      expirationTime: '2026-01-01T01:00:00.000Z',
      statement: 'Welcome back',
    })
  })

  it('sends the signed message, keeps the token in memory and confirms it with me', async () => {
    const { siwx, server, storage } = setup()
    const session = await signed(siwx)
    await siwx.addSession(session)
    expect(server.requests[1]).toEqual({
      method: 'POST',
      path: '/auth/v1/authenticate',
      auth: undefined,
      body: { message: session.message, signature: session.signature },
    })
    expect(await siwx.getToken('eip155:31337', ADDRESS.toLowerCase())).toBe('jwt.token.one')
    const sessions = await siwx.getSessions('eip155:31337', ADDRESS)
    expect(server.requests.at(-1)).toMatchObject({
      path: '/auth/v1/me',
      auth: 'Bearer jwt.token.one',
    })
    // The server caps the session at noon; the message said a day.
    expect(sessions).toEqual([
      { ...session, data: { ...session.data, expirationTime: '2026-01-01T12:00:00.000Z' } },
    ])
    // Storage keeps what was signed and the server's expiry; the token stays in memory.
    expect(storage.read(SIWX_TOKENS_KEY, (v) => v)).toEqual({
      [`eip155:31337:${ADDRESS.toLowerCase()}`]: {
        expiresAt: '2026-01-01T12:00:00.000Z',
        session,
      },
    })
    expect(await siwx.me('eip155:31337', ADDRESS)).toEqual(serverAnswer())
  })

  it('one-click: sends the CACAO alone', async () => {
    const { siwx, server } = setup()
    const session = await signed(siwx)
    const cacao = {
      h: { t: 'caip122' },
      p: {
        iss: `did:pkh:eip155:31337:${ADDRESS}`,
        domain: 'app.example',
        nonce: 'abcdef0123456789',
      },
      s: { t: 'eip191', s: session.signature },
    }
    await siwx.addSession({ ...session, cacao })
    expect(server.requests.at(-1)?.body).toEqual({ cacao })
  })

  it('refuses a server that signs in another account', async () => {
    const routes = happyRoutes()
    routes['/auth/v1/authenticate'] = () =>
      Response.json({
        token: 't',
        session: serverAnswer({ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }),
      })
    const { siwx } = setup({}, routes)
    await expect(siwx.addSession(await signed(siwx))).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
      message: 'The server signed in another account',
    })
    expect(await siwx.getToken('eip155:31337', ADDRESS)).toBeUndefined()
  })

  it("shows the server's refusal in its own words, as text", async () => {
    const routes = happyRoutes()
    routes['/auth/v1/authenticate'] = () =>
      Response.json({ error: 'nonce already used <b>' }, { status: 401 })
    const { siwx } = setup({}, routes)
    await expect(siwx.addSession(await signed(siwx))).rejects.toMatchObject({
      code: 'API_ERROR',
      message: 'POST authenticate answered 401: nonce already used <b>',
      details: {
        status: 401,
        serverError: 'nonce already used <b>',
        message: { key: 'siwx.refused', params: { reason: 'nonce already used <b>' } },
      },
    })
  })

  it('a 503 on the nonce is an API error (not a refusal), and nothing is kept', async () => {
    const routes = happyRoutes()
    routes['/auth/v1/nonce'] = () => Response.json({ error: 'unavailable' }, { status: 503 })
    const { siwx } = setup({}, routes)
    const error = await siwx
      .createMessage({ accountAddress: ADDRESS, chainId: 'eip155:31337' })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'API_ERROR', details: { status: 503 } })
    expect((error as { details: Record<string, unknown> }).details.message).toBeUndefined()
  })

  it('a malformed answer is an invalid response', async () => {
    const routes = happyRoutes()
    routes['/auth/v1/nonce'] = () => new Response('{"nonce": 4', { status: 200 })
    const { siwx } = setup({}, routes)
    await expect(
      siwx.createMessage({ accountAddress: ADDRESS, chainId: 'eip155:31337' }),
    ).rejects.toMatchObject({ code: 'INVALID_RESPONSE' })
    routes['/auth/v1/nonce'] = () => Response.json({ nonce: 42 })
    await expect(
      siwx.createMessage({ accountAddress: ADDRESS, chainId: 'eip155:31337' }),
    ).rejects.toMatchObject({ code: 'INVALID_RESPONSE' })
  })

  it('a server that cannot be reached is an API error, not a timeout', async () => {
    const routes = happyRoutes()
    routes['/auth/v1/nonce'] = () => Promise.reject(new TypeError('Failed to fetch'))
    const { siwx } = setup({}, routes)
    await expect(
      siwx.createMessage({ accountAddress: ADDRESS, chainId: 'eip155:31337' }),
    ).rejects.toMatchObject({ code: 'API_ERROR', message: 'GET nonce failed' })
  })

  it('a server that never answers fails after 30 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const routes = happyRoutes()
    routes['/auth/v1/nonce'] = ({ init }) =>
      new Promise((_, reject) =>
        init.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
      )
    const { siwx } = setup({}, routes)
    const outcome = siwx
      .createMessage({ accountAddress: ADDRESS, chainId: 'eip155:31337' })
      .catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(SIWX_SERVER_TIMEOUT_MS - 1)
    await vi.advanceTimersByTimeAsync(1)
    expect(await outcome).toMatchObject({ code: 'API_TIMEOUT', message: 'GET nonce timed out' })
    expect(SIWX_SERVER_TIMEOUT_MS).toBe(30_000)
  })

  it('a token the server refuses (401) is forgotten: signed out', async () => {
    const routes = happyRoutes()
    const { siwx } = setup({}, routes)
    await siwx.addSession(await signed(siwx))
    routes['/auth/v1/me'] = () => Response.json({ error: 'signed out' }, { status: 401 })
    expect(await siwx.getSessions('eip155:31337', ADDRESS)).toEqual([])
    expect(await siwx.getToken('eip155:31337', ADDRESS)).toBeUndefined()
  })

  it('a server that cannot confirm (503, malformed) keeps, for optional sign-in, the session it confirmed on this page until it expires', async () => {
    const routes = happyRoutes()
    const { siwx, setNow } = setup({}, routes)
    const session = await signed(siwx)
    await siwx.addSession(session)
    for (const answer of [
      () => Response.json({ error: 'down' }, { status: 503 }),
      () => Response.json({ session: { address: 5 } }),
    ]) {
      routes['/auth/v1/me'] = answer
      expect(await siwx.getSessions('eip155:31337', ADDRESS)).toEqual([
        { ...session, data: { ...session.data, expirationTime: '2026-01-01T12:00:00.000Z' } },
      ])
    }
    // Past the token's expiry, it is gone without asking the server.
    setNow(Date.parse('2026-01-01T12:00:00.000Z'))
    const asked = routes['/auth/v1/me']
    routes['/auth/v1/me'] = () => {
      throw new Error('not asked')
    }
    expect(await siwx.getSessions('eip155:31337', ADDRESS)).toEqual([])
    routes['/auth/v1/me'] = asked!
  })

  it('a me answer for another account is not this account', async () => {
    const routes = happyRoutes()
    const { siwx } = setup({}, routes)
    await siwx.addSession(await signed(siwx))
    routes['/auth/v1/me'] = () => Response.json({ session: serverAnswer({ chainId: 'eip155:1' }) })
    expect(await siwx.getSessions('eip155:31337', ADDRESS)).toEqual([])
  })

  it('revokes on the server with the token, and forgets it even when the server fails', async () => {
    const routes = happyRoutes()
    const { siwx, server } = setup({}, routes)
    await siwx.addSession(await signed(siwx))
    await siwx.revokeSession('eip155:31337', ADDRESS)
    expect(server.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/auth/v1/sign-out',
      auth: 'Bearer jwt.token.one',
    })
    expect(await siwx.getToken('eip155:31337', ADDRESS)).toBeUndefined()

    await siwx.addSession(await signed(siwx))
    routes['/auth/v1/sign-out'] = () => Response.json({ error: 'down' }, { status: 503 })
    await siwx.revokeSession('eip155:31337', ADDRESS)
    expect(await siwx.getToken('eip155:31337', ADDRESS)).toBeUndefined()
    const before = server.requests.length
    await siwx.revokeSession('eip155:31337', ADDRESS)
    expect(server.requests).toHaveLength(before)
  })

  it('setSessions([]) signs every account out; given sessions are authenticated', async () => {
    const { siwx, server, adapter } = setup()
    const session = await signed(siwx)
    await siwx.addSession(session)
    await siwx.setSessions([])
    expect(server.requests.at(-1)?.path).toBe('/auth/v1/sign-out')
    expect(adapter.getItem(`@portico/${SIWX_TOKENS_KEY}`)).toBeNull()
    await siwx.setSessions([session])
    expect(server.requests.at(-1)?.path).toBe('/auth/v1/authenticate')
    const count = server.requests.length
    await siwx.setSessions([session])
    expect(server.requests).toHaveLength(count)
  })

  it('reads tampered storage as no token', async () => {
    const { siwx, adapter } = setup()
    adapter.setItem(
      `@portico/${SIWX_TOKENS_KEY}`,
      JSON.stringify({
        [`eip155:31337:${ADDRESS.toLowerCase()}`]: { token: 'a b<script>', expiresAt: 'x' },
      }),
    )
    expect(await siwx.getToken('eip155:31337', ADDRESS)).toBeUndefined()
    expect(await siwx.getSessions('eip155:31337', ADDRESS)).toEqual([])
  })

  it('uses the app URL as it is when given one', async () => {
    const server = createServer({
      '/my/auth/nonce': () => Response.json({ nonce: 'abcdef0123456789' }),
    })
    const siwx = createServerSiwx({ url: 'https://backend.example/my/auth/' })
    siwx.init?.({
      storage: createSafeStorage(createMemoryStorage(), createLogger({ level: 'silent' })),
      toolkitUrl: () => 'https://unused.example/',
      fetch: server.fetch,
      now: () => NOW,
      networks: [],
      logger: createLogger({ level: 'silent' }),
      domain: 'app.example',
      uri: 'https://app.example/',
    })
    await siwx.createMessage({ accountAddress: ADDRESS, chainId: 'eip155:1' })
    expect(server.requests[0]?.path).toBe('/my/auth/nonce')
  })
})

describe('the server-backed configuration, at its edges', () => {
  const withAuthenticate = (answer: Route) => {
    const routes = happyRoutes()
    routes['/auth/v1/authenticate'] = answer
    return setup({}, routes)
  }

  it('a message that ends before the server cap keeps its own end', async () => {
    const { siwx } = setup({ expiresInMs: 3_600_000 })
    const session = await signed(siwx)
    await siwx.addSession(session)
    const [kept] = await siwx.getSessions('eip155:31337', ADDRESS)
    expect(kept?.data.expirationTime).toBe('2026-01-01T01:00:00.000Z')
  })

  it('a token is still asked about until the very millisecond it expires', async () => {
    const { siwx, server, setNow } = setup()
    await siwx.addSession(await signed(siwx))
    setNow(Date.parse('2026-01-01T12:00:00.000Z') - 1)
    expect(await siwx.getSessions('eip155:31337', ADDRESS)).toHaveLength(1)
    expect(server.requests.at(-1)?.path).toBe('/auth/v1/me')
  })

  it('sends JSON only with a body, and the token only once there is one', async () => {
    const { siwx, server } = setup()
    const seen: Record<string, string>[] = []
    server.routes['/auth/v1/nonce'] = ({ init }) => {
      seen.push({ ...(init.headers as Record<string, string>) })
      return Response.json({ nonce: 'abcdef0123456789' })
    }
    server.routes['/auth/v1/authenticate'] = ({ init }) => {
      seen.push({ ...(init.headers as Record<string, string>) })
      return Response.json({ token: 'jwt.token.one', session: serverAnswer() })
    }
    await siwx.addSession(await signed(siwx))
    expect(seen).toEqual([{}, { 'Content-Type': 'application/json' }])
  })

  it.each([
    [400, true],
    [499, true],
    [500, false],
  ])('an authenticate answered %i is a refusal: %s', async (status, refusal) => {
    const { siwx } = withAuthenticate(() => Response.json({ error: 'no' }, { status }))
    const error = await siwx.addSession(await signed(siwx)).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'API_ERROR', details: { status } })
    const { details } = error as { details: Record<string, unknown> }
    expect(details.message).toEqual(
      refusal ? { key: 'siwx.refused', params: { reason: 'no' } } : undefined,
    )
  })

  it('a refusal without words is shown by its status', async () => {
    const { siwx } = withAuthenticate(() => new Response('', { status: 403 }))
    const error = await siwx.addSession(await signed(siwx)).catch((e: unknown) => e)
    expect(error).toMatchObject({
      message: 'POST authenticate answered 403',
      details: { status: 403, message: { key: 'siwx.refused', params: { reason: '403' } } },
    })
    expect((error as { details: Record<string, unknown> }).details).not.toHaveProperty(
      'serverError',
    )
  })

  it('a nonce refused (4xx) is an API error, not a refusal of the sign-in', async () => {
    const routes = happyRoutes()
    routes['/auth/v1/nonce'] = () => Response.json({ error: 'no' }, { status: 429 })
    const { siwx } = setup({}, routes)
    const error = await siwx
      .createMessage({ accountAddress: ADDRESS, chainId: 'eip155:31337' })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'API_ERROR', message: 'GET nonce answered 429: no' })
    expect((error as { details: Record<string, unknown> }).details.message).toBeUndefined()
  })

  it('a token longer than 8192 characters is an invalid answer', async () => {
    for (const [length, outcome] of [
      [8_192, 'kept'],
      [8_193, 'INVALID_RESPONSE'],
    ] as const) {
      const { siwx } = withAuthenticate(() =>
        Response.json({ token: 'a'.repeat(length), session: serverAnswer() }),
      )
      const result = await siwx.addSession(await signed(siwx)).then(
        () => 'kept',
        (e: { code?: string }) => e.code,
      )
      expect(result).toBe(outcome)
    }
  })
})

describe('the server session validator', () => {
  it('keeps what the devnet answers and drops unknown fields', () => {
    expect(serverSession({ ...serverAnswer(), extra: 1 })).toEqual(serverAnswer())
  })

  it('an address is 1 to 128 characters', () => {
    expect(serverSession(serverAnswer({ address: '' }))).toBeUndefined()
    expect(serverSession(serverAnswer({ address: 'a'.repeat(129) }))).toBeUndefined()
    expect(serverSession(serverAnswer({ address: 'a'.repeat(128) }))?.address).toBe('a'.repeat(128))
  })

  it('never throws, and what it keeps has the required fields', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.record({
            address: fc.oneof(fc.string(), fc.constant(ADDRESS)),
            chainId: fc.oneof(fc.string(), fc.constant('eip155:1')),
            caipAddress: fc.oneof(fc.string(), fc.constant(`eip155:1:${ADDRESS}`)),
            expiresAt: fc.oneof(fc.string(), fc.constant('2026-01-01T00:00:00Z')),
            accountType: fc.oneof(fc.string(), fc.constantFrom('eoa', 'smartAccount')),
          }),
        ),
        (value) => {
          const parsed = serverSession(value)
          if (!parsed) return
          expect(parsed.chainId).toMatch(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/)
          expect(Number.isFinite(Date.parse(parsed.expiresAt))).toBe(true)
          if (parsed.accountType) expect(['eoa', 'smartAccount']).toContain(parsed.accountType)
        },
      ),
      { numRuns: 1_000 },
    )
  })
})

describe('when its code cannot be loaded', () => {
  it('is a clear error, and the next call tries again', async () => {
    const { siwx } = setup()
    vi.doMock('./serverImpl.js', () => {
      throw new Error('offline')
    })
    try {
      await expect(
        siwx.createMessage({ accountAddress: ADDRESS, chainId: 'eip155:31337' }),
      ).rejects.toMatchObject({
        code: 'MODULE_LOAD_FAILED',
        message: 'The sign-in code could not be loaded',
        details: { module: 'sign-in', message: { key: 'siwx.loadFailed' } },
      })
    } finally {
      vi.doUnmock('./serverImpl.js')
    }
    const message = await siwx.createMessage({ accountAddress: ADDRESS, chainId: 'eip155:31337' })
    expect(message.data.nonce).toBe('abcdef0123456789')
  })
})
