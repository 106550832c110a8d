import { generateKeyPair, getAddressFromPublicKey, getBase58Decoder, signBytes } from '@solana/kit'
import { beforeAll, describe, expect, it } from 'vitest'
import { createSiwxServer, type SiwxServerOptions } from './handler.js'
import { formatSignInMessage } from './message.js'
import { createMemoryStore, type SiwxStore } from './store.js'

// The HTTP face of the server: the routes the browser side calls, the cookie contract, CORS,
// and a store that fails. Solana signatures verify offline, so the sign-ins here are real.

const APP = 'https://app.example'
const API = 'https://api.example'
const SOLANA = 'solana:8eRXQkZRbsigXb4zuUASq8R3mfJCH3FP'

let solana: { address: string; sign(text: string): Promise<string> }

beforeAll(async () => {
  const keys = await generateKeyPair()
  solana = {
    address: await getAddressFromPublicKey(keys.publicKey),
    async sign(text) {
      const signature = await signBytes(keys.privateKey, new TextEncoder().encode(text))
      return getBase58Decoder().decode(signature)
    },
  }
})

function server(options: Partial<SiwxServerOptions> = {}) {
  return createSiwxServer({ domains: [APP], chains: [SOLANA], origins: [APP], ...options })
}

type Server = ReturnType<typeof server>

const call = (
  target: Server,
  method: string,
  path: string,
  {
    headers = {},
    body,
    base = API,
  }: { headers?: Record<string, string>; body?: unknown; base?: string } = {},
) =>
  target.handle(
    new Request(`${base}/auth/v1/${path}`, {
      method,
      headers: { Origin: APP, ...headers },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    }),
  )

async function signIn(target: Server, base = API) {
  const { nonce } = (await (await call(target, 'GET', 'nonce', { base })).json()) as {
    nonce: string
  }
  const message = formatSignInMessage({
    domain: 'app.example',
    namespace: 'solana',
    address: solana.address,
    uri: `${APP}/`,
    version: '1',
    chainId: SOLANA.split(':')[1] as string,
    nonce,
    issuedAt: new Date(),
  })
  return call(target, 'POST', 'authenticate', {
    base,
    body: { message, signature: await solana.sign(message) },
  })
}

describe('the sign-in server over HTTP', () => {
  it('answers the routes the browser side calls, with a bearer token', async () => {
    const app = server()
    const nonce = await call(app, 'GET', 'nonce')
    expect(nonce.status).toBe(200)
    expect(nonce.headers.get('cache-control')).toBe('no-store')
    expect(await nonce.json()).toMatchObject({ nonce: expect.stringMatching(/^[0-9a-f]{32}$/) })

    const signedIn = await signIn(app)
    expect(signedIn.status).toBe(200)
    // No cookie unless the app turns it on.
    expect(signedIn.headers.get('set-cookie')).toBeNull()
    const { token, session } = (await signedIn.json()) as {
      token: string
      session: { caipAddress: string }
    }
    expect(session.caipAddress).toBe(`${SOLANA}:${solana.address}`)

    const bearer = { Authorization: `Bearer ${token}` }
    const me = await call(app, 'GET', 'me', { headers: bearer })
    expect(await me.json()).toEqual({ session })
    const verified = await app.verifyRequest(new Request(`${API}/orders`, { headers: bearer }))
    expect(verified).toEqual({ session, token })

    expect(await (await call(app, 'POST', 'sign-out', { headers: bearer })).json()).toEqual({
      success: true,
    })
    const after = await call(app, 'GET', 'me', { headers: bearer })
    expect(after.status).toBe(401)
    expect(after.headers.get('www-authenticate')).toBe('Bearer realm="portico"')
    expect(await after.json()).toEqual({ error: 'signed out' })
    await expect(
      app.verifyRequest(new Request(`${API}/orders`, { headers: bearer })),
    ).rejects.toMatchObject({
      status: 401,
      message: 'signed out',
    })
    const none = await call(app, 'GET', 'me')
    expect([none.status, await none.json()]).toEqual([401, { error: 'missing bearer token' }])
  })

  it('keeps the token in an HttpOnly cookie when asked, accepts it instead of the header, and clears it', async () => {
    const app = server({ cookie: { name: 'sid', sameSite: 'Strict' } })
    const signedIn = await signIn(app)
    const { token } = (await signedIn.json()) as { token: string }
    expect(signedIn.headers.get('set-cookie')).toBe(
      `sid=${token}; Path=/; Max-Age=86400; HttpOnly; Secure; SameSite=Strict`,
    )
    const cookie = { Cookie: `other=1; sid=${token}` }
    expect((await call(app, 'GET', 'me', { headers: cookie })).status).toBe(200)
    expect((await app.verifyRequest(new Request(`${API}/x`, { headers: cookie }))).token).toBe(
      token,
    )
    const out = await call(app, 'POST', 'sign-out', { headers: cookie })
    expect(out.headers.get('set-cookie')).toBe(
      'sid=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Strict',
    )
    expect((await call(app, 'GET', 'me', { headers: cookie })).status).toBe(401)
    // Over http to this machine (development) the cookie is not Secure, or browsers would drop it.
    const local = server({ cookie: true, domains: [APP] })
    const dev = await signIn(local, 'http://127.0.0.1:8787')
    expect(dev.headers.get('set-cookie')).toMatch(
      /^portico_session=[^;]+; Path=\/; Max-Age=86400; HttpOnly; SameSite=Lax$/,
    )
  })

  it('answers CORS for the configured origins only, exactly, with credentials', async () => {
    const app = server()
    const preflight = await app.handle(
      new Request(`${API}/auth/v1/authenticate`, {
        method: 'OPTIONS',
        headers: { Origin: APP, 'Access-Control-Request-Headers': 'content-type' },
      }),
    )
    expect(preflight.status).toBe(204)
    expect(Object.fromEntries(preflight.headers)).toMatchObject({
      'access-control-allow-origin': APP,
      'access-control-allow-credentials': 'true',
      'access-control-allow-headers': 'content-type',
      'access-control-allow-methods': 'GET, POST, OPTIONS',
      vary: 'Origin',
    })
    const nonce = await call(app, 'GET', 'nonce')
    expect(nonce.headers.get('access-control-allow-origin')).toBe(APP)
    const other = await call(app, 'GET', 'nonce', { headers: { Origin: 'https://evil.example' } })
    expect(other.headers.get('access-control-allow-origin')).toBeNull()
    expect(other.headers.get('access-control-allow-credentials')).toBeNull()
  })

  it('lets an account sign out its other tokens, not another account’s', async () => {
    const app = server()
    const first = ((await (await signIn(app)).json()) as { token: string }).token
    const second = ((await (await signIn(app)).json()) as { token: string }).token
    const bearer = { Authorization: `Bearer ${first}` }
    const revoked = await call(app, 'POST', 'revoke', { headers: bearer, body: { token: second } })
    expect(await revoked.json()).toEqual({ success: true })
    expect(
      (await call(app, 'GET', 'me', { headers: { Authorization: `Bearer ${second}` } })).status,
    ).toBe(401)
    expect((await call(app, 'GET', 'me', { headers: bearer })).status).toBe(200)
    const bad = await call(app, 'POST', 'revoke', { headers: bearer, body: {} })
    expect([bad.status, await bad.json()]).toEqual([
      400,
      { error: 'token must be a non-empty string' },
    ])
  })

  it('names unknown routes and wrong methods', async () => {
    const app = server()
    const missing = await call(app, 'GET', 'users')
    expect([missing.status, await missing.json()]).toEqual([
      404,
      { error: 'no route /auth/v1/users' },
    ])
    const wrong = await call(app, 'POST', 'nonce')
    expect([wrong.status, wrong.headers.get('allow')]).toEqual([405, 'GET'])
    const garbled = await call(app, 'POST', 'authenticate', { body: undefined })
    expect([garbled.status, await garbled.json()]).toEqual([
      400,
      { error: 'expected { message, signature } or { cacao }' },
    ])
    const huge = await app.handle(
      new Request(`${API}/auth/v1/authenticate`, { method: 'POST', body: 'x'.repeat(300_000) }),
    )
    expect([huge.status, await huge.json()]).toEqual([413, { error: 'body too large' }])
  })

  it('answers 503 and accepts no sign-in while its store fails, then works again', async () => {
    const memory = createMemoryStore()
    let down = false
    // A store whose backend refuses (the edge of the world): every call fails while `down`.
    const flaky = Object.fromEntries(
      Object.entries(memory).map(([name, method]) => [
        name,
        (...args: unknown[]) =>
          down
            ? Promise.reject(new Error('ECONNREFUSED'))
            : (method as (...a: unknown[]) => unknown)(...args),
      ]),
    ) as unknown as SiwxStore
    const app = server({ store: flaky })
    const { token } = (await (await signIn(app)).json()) as { token: string }
    down = true
    const unavailable = { error: 'session store unavailable, try again shortly' }
    const nonce = await call(app, 'GET', 'nonce')
    expect([nonce.status, await nonce.json()]).toEqual([503, unavailable])
    const me = await call(app, 'GET', 'me', { headers: { Authorization: `Bearer ${token}` } })
    expect([me.status, await me.json()]).toEqual([503, unavailable])
    down = false
    expect(
      (await call(app, 'GET', 'me', { headers: { Authorization: `Bearer ${token}` } })).status,
    ).toBe(200)
    expect((await signIn(app)).status).toBe(200)
  })
})
