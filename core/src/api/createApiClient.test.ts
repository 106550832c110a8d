import fc from 'fast-check'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { isPorticoError } from '../errors/index.js'
import { string } from '../storage/validators.js'
import { SDK_TYPE, SDK_VERSION } from '../version.js'
import { createApiClient, serverMessageOf } from './createApiClient.js'
import { createToolkitApi, isOriginAllowed } from './toolkit.js'

afterEach(() => {
  vi.useRealTimers()
})

type Call = { url: URL; init: RequestInit | undefined }

function server(respond: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = []
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const call = { url: new URL(String(input)), init }
    calls.push(call)
    return respond(call)
  }
  return { calls, fetch }
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
const nameOf = (value: unknown) =>
  typeof value === 'object' && value !== null
    ? string((value as { name?: unknown }).name)
    : undefined

describe('createApiClient', () => {
  it('adds projectId, st and sv to every call', async () => {
    const s = server(() => json({ name: 'ok' }))
    const api = createApiClient({
      baseUrl: 'https://api.example/',
      projectId: 'p1',
      fetch: s.fetch,
    })
    await api.get('/v1/identity/0xabc', { sender: '0xabc', empty: '', missing: undefined }, nameOf)
    await api.post('v1/fungible/price', { a: 1 }, nameOf)
    for (const { url } of s.calls) {
      expect(url.searchParams.get('projectId')).toBe('p1')
      expect(url.searchParams.get('st')).toBe(SDK_TYPE)
      expect(url.searchParams.get('sv')).toBe(SDK_VERSION)
    }
    expect(s.calls[0]?.url.pathname).toBe('/v1/identity/0xabc')
    expect(s.calls[0]?.url.searchParams.has('empty')).toBe(false)
    expect(s.calls[1]?.init?.method).toBe('POST')
    expect(s.calls[1]?.init?.body).toBe('{"a":1}')
  })

  it('names 503 and 403 answers', async () => {
    for (const [status, reason] of [
      [503, 'SERVICE_UNAVAILABLE'],
      [403, 'FORBIDDEN'],
      [500, undefined],
    ] as const) {
      const api = createApiClient({
        baseUrl: 'https://api.example',
        projectId: 'p',
        fetch: server(() => json({ error: 'x' }, status)).fetch,
      })
      const error = await api.get('x', {}, nameOf).catch((e) => e)
      expect(isPorticoError(error, 'API_ERROR')).toBe(true)
      expect(error.details).toEqual({ status, reason, serverMessage: 'x' })
    }
  })

  it('says in its error which call failed and how, for the developer reading the log', async () => {
    const answering = (status: number) =>
      createApiClient({
        baseUrl: 'https://api.example',
        projectId: 'p',
        fetch: server(() => json({}, status)).fetch,
      })
    await expect(answering(503).get('v1/supported-chains', {}, nameOf)).rejects.toThrow(
      'GET /v1/supported-chains answered 503',
    )
    const offline = createApiClient({
      baseUrl: 'https://api.example',
      projectId: 'p',
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    })
    const error = await offline.post('v1/fungible/price', {}, nameOf).catch((e) => e)
    expect(isPorticoError(error, 'API_ERROR')).toBe(true)
    expect(error.message).toBe('POST /v1/fungible/price failed')
    expect(error.cause).toBeInstanceOf(TypeError)
  })

  it('sends a JSON body with its content type; a GET has neither', async () => {
    const s = server(() => json({ name: 'ok' }))
    const api = createApiClient({ baseUrl: 'https://api.example', projectId: 'p', fetch: s.fetch })
    await api.post('v1/x', { a: 1 }, nameOf)
    await api.get('v1/y', {}, nameOf)
    expect(new Headers(s.calls[0]?.init?.headers).get('content-type')).toBe('application/json')
    expect(s.calls[1]?.init?.headers).toBeUndefined()
    expect(s.calls[1]?.init?.body).toBeUndefined()
  })

  it('fetches an image with GET and keeps only an image', async () => {
    const image = server(() => new Response(new Blob(['png'], { type: 'image/png' })))
    const api = createApiClient({
      baseUrl: 'https://api.example',
      projectId: 'p',
      fetch: image.fetch,
    })
    const blob = await api.getImage('v2/wallet-image/400x400/abc')
    expect(blob.type).toBe('image/png')
    expect(image.calls[0]?.init?.method).toBe('GET')
    expect(image.calls[0]?.url.pathname).toBe('/v2/wallet-image/400x400/abc')
    const page = server(() => new Response(new Blob(['<html>'], { type: 'text/html' })))
    const notImage = createApiClient({
      baseUrl: 'https://api.example',
      projectId: 'p',
      fetch: page.fetch,
    })
    const error = await notImage.getImage('v2/wallet-image/400x400/abc').catch((e) => e)
    expect(isPorticoError(error, 'INVALID_RESPONSE')).toBe(true)
  })

  it("keeps what a refusal's body says, from either shape, cleaned and cut", async () => {
    const refused = async (body: unknown) => {
      const api = createApiClient({
        baseUrl: 'https://api.example',
        projectId: 'p',
        fetch: server(() =>
          typeof body === 'string' ? new Response(body, { status: 400 }) : json(body, 400),
        ).fetch,
      })
      const error = await api.get('x', {}, nameOf).catch((e) => e)
      expect(isPorticoError(error, 'API_ERROR')).toBe(true)
      return error.details
    }
    expect(await refused({ error: 'missing amount' })).toEqual({
      status: 400,
      reason: undefined,
      serverMessage: 'missing amount',
    })
    expect(
      (
        await refused({
          status: 'FAILED',
          reasons: [{ field: '', description: 'insufficient liquidity: no pool' }],
        })
      ).serverMessage,
    ).toBe('insufficient liquidity: no pool')
    expect((await refused({ error: 'a\u202e\nb' })).serverMessage).toBe('a b')
    expect((await refused({ error: 'x'.repeat(5_000) })).serverMessage).toHaveLength(300)
    for (const body of ['<html>', { error: 42 }, { reasons: 'no' }, { reasons: [null] }, []]) {
      expect(await refused(body)).not.toHaveProperty('serverMessage')
    }
  })

  it('reads a server message from any body without throwing', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (body) => {
        const message = serverMessageOf(body)
        expect(message === undefined || (message.length > 0 && message.length <= 300)).toBe(true)
      }),
      { numRuns: 1_000 },
    )
  })

  it('rejects bodies that are not JSON or not the declared shape', async () => {
    const notJson = createApiClient({
      baseUrl: 'https://api.example',
      projectId: 'p',
      fetch: server(() => new Response('<html>')).fetch,
    })
    const notJsonError = await notJson.get('x', {}, nameOf).catch((e) => e)
    expect(notJsonError).toMatchObject({
      code: 'INVALID_RESPONSE',
      message: 'GET /x returned a body that is not JSON',
    })
    expect(notJsonError.cause).toBeInstanceOf(SyntaxError)
    const wrong = createApiClient({
      baseUrl: 'https://api.example',
      projectId: 'p',
      fetch: server(() => json({ name: 42 })).fetch,
    })
    await expect(wrong.get('x', {}, nameOf)).rejects.toThrow('unexpected shape')
  })

  it('times out after 30 s', async () => {
    vi.useFakeTimers()
    const api = createApiClient({
      baseUrl: 'https://api.example',
      projectId: 'p',
      fetch: (_input, init) =>
        new Promise((_, reject) =>
          init?.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          ),
        ),
    })
    const request = api.get('slow', {}, nameOf).catch((e) => e)
    await vi.advanceTimersByTimeAsync(29_999)
    await vi.advanceTimersByTimeAsync(1)
    const error = await request
    expect(isPorticoError(error, 'API_TIMEOUT')).toBe(true)
    expect(error.message).toBe('GET /slow timed out')
    expect(error.cause).toMatchObject({ name: 'AbortError' })
  })

  it('times out after 30 s also when the answer started but its body never ends', async () => {
    vi.useFakeTimers()
    const api = createApiClient({
      baseUrl: 'https://api.example',
      projectId: 'p',
      fetch: async (_input, init) =>
        new Response(
          new ReadableStream({
            start(stream) {
              stream.enqueue(new TextEncoder().encode('{"name":'))
              init?.signal?.addEventListener('abort', () =>
                stream.error(new DOMException('aborted', 'AbortError')),
              )
            },
          }),
          { status: 200 },
        ),
    })
    const request = api.get('slow', {}, nameOf).catch((e) => e)
    await vi.advanceTimersByTimeAsync(30_000)
    const error = await request
    expect(error).toMatchObject({ code: 'API_TIMEOUT', message: 'GET /slow timed out' })
    expect(error.cause).toMatchObject({ name: 'AbortError' })
  })

  it('stops when the caller aborts', async () => {
    const api = createApiClient({
      baseUrl: 'https://api.example',
      projectId: 'p',
      fetch: (_input, init) =>
        new Promise((_, reject) =>
          init?.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          ),
        ),
    })
    const controller = new AbortController()
    const request = api.get('slow', {}, nameOf, { signal: controller.signal }).catch((e) => e)
    controller.abort()
    const error = await request
    expect(isPorticoError(error, 'ABORTED')).toBe(true)
    expect(error.message).toBe('GET /slow was aborted')
    expect(error.cause).toMatchObject({ name: 'AbortError' })
  })

  it("stops listening to the caller's signal once the answer came", async () => {
    const api = createApiClient({
      baseUrl: 'https://api.example',
      projectId: 'p',
      fetch: server(() => json({ name: 'ok' })).fetch,
    })
    const controller = new AbortController()
    const removed = vi.spyOn(controller.signal, 'removeEventListener')
    expect(await api.get('x', {}, nameOf, { signal: controller.signal })).toBe('ok')
    expect(removed.mock.calls.map(([type]) => type)).toEqual(['abort'])
  })

  it('never lets a malformed body through, whatever the server sends', {
    timeout: 30_000,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (body) => {
        const api = createApiClient({
          baseUrl: 'https://api.example',
          projectId: 'p',
          fetch: server(() => json(body)).fetch,
        })
        try {
          const result = await api.get('x', {}, nameOf)
          expect(typeof result).toBe('string')
        } catch (error) {
          expect(isPorticoError(error, 'INVALID_RESPONSE')).toBe(true)
        }
      }),
      { numRuns: 1_000 },
    )
  })
})

describe('the analytics configuration', () => {
  it('is read as a boolean isAnalyticsEnabled; any other answer is an unexpected shape', async () => {
    const read = (body: unknown) =>
      createToolkitApi(
        createApiClient({
          baseUrl: 'https://api.example',
          projectId: 'p',
          fetch: server(() => json(body)).fetch,
        }),
      )
        .getAnalyticsConfig()
        .catch((e) => e)
    expect(await read({ isAnalyticsEnabled: false, extra: 1 })).toEqual({
      isAnalyticsEnabled: false,
    })
    expect(await read({ isAnalyticsEnabled: true })).toEqual({ isAnalyticsEnabled: true })
    for (const body of [
      null,
      'true',
      { isAnalyticsEnabled: 'true' },
      { isAnalyticsEnabled: 1 },
      {},
    ]) {
      expect(await read(body)).toMatchObject({ code: 'INVALID_RESPONSE' })
    }
  })
})

describe('isOriginAllowed', () => {
  it('matches exact origins and * wildcards', () => {
    expect(isOriginAllowed('https://app.example', ['https://app.example'])).toBe(true)
    expect(isOriginAllowed('http://127.0.0.1:5173', ['http://127.0.0.1:*'])).toBe(true)
    expect(isOriginAllowed('https://a.example.org', ['https://*.example.org'])).toBe(true)
    expect(isOriginAllowed('https://evil.org', ['https://*.example.org'])).toBe(false)
    expect(isOriginAllowed('https://example.org.evil.org', ['https://example.org'])).toBe(false)
    expect(isOriginAllowed('https://app.example', [])).toBe(false)
  })

  it('never throws on odd patterns', () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.string()), (origin, patterns) => {
        expect(typeof isOriginAllowed(origin, patterns)).toBe('boolean')
      }),
    )
  })
})
