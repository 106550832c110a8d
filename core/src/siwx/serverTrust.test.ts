// Server-backed sign-in against a page script that reads or writes storage, and a server that
// cannot be reached: the bearer token is never in storage, a reload is restored by the server's
// HttpOnly cookie (sent because every call includes credentials), and nothing read from storage
// is signed in until the server confirms it.
import { mnemonicToAccount } from 'viem/accounts'
import { beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '../logger/index.js'
import { createMemoryStorage, createSafeStorage } from '../storage/index.js'
import { createServerSiwx } from './server.js'
import { SIWX_TOKENS_KEY } from './serverImpl.js'
import type { ServerSiwxOptions, SiwxSession } from './types.js'

beforeAll(async () => {
  await Promise.all([import('./serverImpl.js'), import('viem/siwe'), import('viem')])
}, 60_000)

const ACCOUNT = mnemonicToAccount('test test test test test test test test test test test junk')
const ADDRESS = ACCOUNT.address
const NOW = Date.parse('2026-01-01T00:00:00.000Z')
const KEY = `@portico/${SIWX_TOKENS_KEY}`
const TOKEN = 'header.payload.signature'

const serverSession = {
  address: ADDRESS,
  chainId: 'eip155:31337',
  caipAddress: `eip155:31337:${ADDRESS}`,
  expiresAt: '2026-01-01T12:00:00.000Z',
}

/**
 * The app's sign-in server at the edge of the world, and the browser's cookie jar for it: the
 * server sets an HttpOnly session cookie on authenticate (when `cookies`), and the browser sends
 * it back only on calls made with `credentials: 'include'` (a cross-origin API).
 */
function createBrowserAndServer({ cookies = true } = {}) {
  const world = {
    up: true,
    jar: undefined as string | undefined,
    requests: [] as { path: string; auth?: string; cookie?: string; credentials?: string }[],
    signedOut: new Set<string>(),
  }
  const fetch: typeof globalThis.fetch = async (input, init = {}) => {
    const path = new URL(String(input)).pathname.replace('/auth/v1/', '')
    const headers = (init.headers ?? {}) as Record<string, string>
    const cookie = init.credentials === 'include' ? world.jar : undefined
    world.requests.push({
      path,
      auth: headers.Authorization,
      cookie,
      credentials: init.credentials,
    })
    if (!world.up) throw new TypeError('Failed to fetch')
    const bearer = headers.Authorization?.replace('Bearer ', '') ?? cookie
    if (path === 'nonce') return Response.json({ nonce: 'abcdef0123456789' })
    if (path === 'authenticate') {
      if (cookies && init.credentials === 'include') world.jar = TOKEN
      return Response.json({ token: TOKEN, session: serverSession })
    }
    if (path === 'me') {
      if (bearer !== TOKEN || world.signedOut.has(TOKEN)) {
        return Response.json({ error: 'signed out' }, { status: 401 })
      }
      return Response.json({ session: serverSession })
    }
    if (path === 'sign-out') {
      if (bearer) world.signedOut.add(bearer)
      world.jar = undefined
      return Response.json({ success: true })
    }
    return Response.json({ error: 'not found' }, { status: 404 })
  }
  return { world, fetch }
}

/** A page: a client's server-backed sign-in over the browser's storage and fetch. */
function page(
  adapter: ReturnType<typeof createMemoryStorage>,
  fetch: typeof globalThis.fetch,
  options: ServerSiwxOptions = {},
) {
  const logger = createLogger({ level: 'silent' })
  const siwx = createServerSiwx(options)
  siwx.init?.({
    storage: createSafeStorage(adapter, logger),
    toolkitUrl: (path) => `https://api.example/${path}?projectId=p`,
    fetch,
    now: () => NOW,
    networks: [],
    logger,
    domain: 'app.example',
    uri: 'https://app.example/',
  })
  return siwx
}

async function signIn(siwx: ReturnType<typeof page>): Promise<SiwxSession> {
  const message = await siwx.createMessage({ accountAddress: ADDRESS, chainId: 'eip155:31337' })
  const text = message.toString()
  const session = {
    data: message.data,
    message: text,
    signature: await ACCOUNT.signMessage({ message: text }),
  }
  await siwx.addSession(session)
  return session
}

describe('the bearer token of server-backed sign-in', () => {
  it('is never written to storage, and every call includes credentials', async () => {
    // Every value the page writes to storage, under any key.
    const memory = createMemoryStorage()
    const written: string[] = []
    const adapter = {
      ...memory,
      setItem: (key: string, value: string) => {
        written.push(value)
        memory.setItem(key, value)
      },
    }
    const { world, fetch } = createBrowserAndServer()
    const siwx = page(adapter, fetch)
    await signIn(siwx)
    expect(await siwx.getToken('eip155:31337', ADDRESS)).toBe(TOKEN)
    expect(adapter.getItem(KEY)).toContain(ADDRESS)
    expect(written.join('\n')).not.toContain(TOKEN)
    await siwx.getSessions('eip155:31337', ADDRESS)
    expect(world.requests.map((r) => r.credentials)).toEqual(world.requests.map(() => 'include'))
  })

  it('an older version’s token in storage is erased when sign-in first runs', async () => {
    const adapter = createMemoryStorage()
    const { world, fetch } = createBrowserAndServer()
    await signIn(page(adapter, fetch))
    // What an older version kept: the same record, with the bearer token in it.
    const stored = JSON.parse(adapter.getItem(KEY)!) as Record<string, object>
    const key = `eip155:31337:${ADDRESS.toLowerCase()}`
    adapter.setItem(KEY, JSON.stringify({ [key]: { ...stored[key], token: 'old.stored.token' } }))
    world.up = false
    await page(adapter, fetch).getToken('eip155:31337', ADDRESS)
    expect(adapter.getItem(KEY)).not.toContain('old.stored.token')
    expect(JSON.parse(adapter.getItem(KEY)!)).toEqual(stored)
  })
})

describe('after a reload', () => {
  it('the server’s cookie restores the session: me is asked with it, no token in the page', async () => {
    const adapter = createMemoryStorage()
    const { world, fetch } = createBrowserAndServer()
    const session = await signIn(page(adapter, fetch))
    const reloaded = page(adapter, fetch)
    const sessions = await reloaded.getSessions('eip155:31337', ADDRESS)
    expect(sessions).toEqual([
      { ...session, data: { ...session.data, expirationTime: '2026-01-01T12:00:00.000Z' } },
    ])
    expect(world.requests.at(-1)).toMatchObject({ path: 'me', auth: undefined, cookie: TOKEN })
    expect(await reloaded.getToken('eip155:31337', ADDRESS)).toBeUndefined()
  })

  it('without the server’s cookie, what storage holds is not signed in', async () => {
    const adapter = createMemoryStorage()
    const { fetch } = createBrowserAndServer({ cookies: false })
    await signIn(page(adapter, fetch))
    expect(await page(adapter, fetch).getSessions('eip155:31337', ADDRESS)).toEqual([])
    // The server said signed out: the stored session is forgotten.
    expect(adapter.getItem(KEY)).toBeNull()
  })

  it('signing out reaches the server through the cookie, and the cookie is gone', async () => {
    const adapter = createMemoryStorage()
    const { world, fetch } = createBrowserAndServer()
    await signIn(page(adapter, fetch))
    const reloaded = page(adapter, fetch)
    await reloaded.revokeSession('eip155:31337', ADDRESS)
    expect(world.requests.at(-1)).toMatchObject({ path: 'sign-out', cookie: TOKEN })
    expect(world.jar).toBeUndefined()
    expect(await page(adapter, fetch).getSessions('eip155:31337', ADDRESS)).toEqual([])
  })
})

describe('a session planted in storage', () => {
  const planted = () => {
    const adapter = createMemoryStorage()
    adapter.setItem(
      KEY,
      JSON.stringify({
        [`eip155:31337:${ADDRESS.toLowerCase()}`]: {
          token: 'planted',
          expiresAt: '2099-01-01T00:00:00.000Z',
          session: {
            data: {
              accountAddress: ADDRESS,
              chainId: 'eip155:31337',
              domain: 'app.example',
              uri: 'https://app.example/',
              version: '1',
              nonce: 'forgedforged',
              issuedAt: '2026-01-01T00:00:00.000Z',
              expirationTime: '2099-01-01T00:00:00.000Z',
            },
            message: 'anything at all',
            signature: '0xnot-a-signature',
          },
        },
      }),
    )
    return adapter
  }

  it.each([{ required: true }, { required: false }])(
    'is not signed in while the server cannot be reached (%j)',
    async (options) => {
      const { world, fetch } = createBrowserAndServer()
      world.up = false
      const siwx = page(planted(), fetch, options)
      expect(await siwx.getSessions('eip155:31337', ADDRESS)).toEqual([])
    },
  )

  it('is not signed in when the server does not know it', async () => {
    const { fetch } = createBrowserAndServer({ cookies: false })
    expect(await page(planted(), fetch).getSessions('eip155:31337', ADDRESS)).toEqual([])
  })
})

describe('a server that goes down after confirming the session on this page', () => {
  it('is not signed in for required sign-in', async () => {
    const { world, fetch } = createBrowserAndServer()
    const siwx = page(createMemoryStorage(), fetch, { required: true })
    await signIn(siwx)
    expect(await siwx.getSessions('eip155:31337', ADDRESS)).toHaveLength(1)
    world.up = false
    expect(await siwx.getSessions('eip155:31337', ADDRESS)).toEqual([])
  })

  it('keeps what it confirmed for optional sign-in', async () => {
    const { world, fetch } = createBrowserAndServer()
    const siwx = page(createMemoryStorage(), fetch)
    const session = await signIn(siwx)
    world.up = false
    expect(await siwx.getSessions('eip155:31337', ADDRESS)).toEqual([
      { ...session, data: { ...session.data, expirationTime: '2026-01-01T12:00:00.000Z' } },
    ])
  })
})
