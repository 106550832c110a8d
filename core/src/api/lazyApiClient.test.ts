import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import { isPorticoError } from '../errors/index.js'
import { string } from '../storage/validators.js'

// The fetches of the requests' code, counted and controlled. The module loads once per page, as
// in a browser, so these tests run in order on one page: those before its first load come first.
const code = await vi.hoisted(async () => ({
  loads: 0,
  fetch: (await import('../test-utils/moduleFetch.js')).createModuleFetch(),
}))
vi.mock('./requests.js', async (original) => {
  code.loads++
  await code.fetch.arrive()
  return original()
})

const { createLazyApiClient, preloadApiClient } = await import('./lazyApiClient.js')

const nameOf = (value: unknown) =>
  typeof value === 'object' && value !== null
    ? string((value as { name?: unknown }).name)
    : undefined

function server() {
  const asked: URL[] = []
  const fetch: typeof globalThis.fetch = async (input) => {
    asked.push(new URL(String(input)))
    return Response.json({ name: 'Wallet One' })
  }
  return { asked, fetch }
}

describe('the requests’ code loads with the first request, never with the page', () => {
  // (A whole client cannot show it here: Node loads every module an index names, where an app's
  // bundler leaves out what nothing uses. `pnpm size` measures the bundles.)
  it('a client nobody calls downloads none of it, and makes its URLs all the same', () => {
    const { asked, fetch } = server()
    const api = createLazyApiClient({ baseUrl: 'https://api.example//', projectId: 'p1', fetch })
    expect(api.baseUrl).toBe('https://api.example')
    expect(api.projectId).toBe('p1')
    expect(api.url('/getWalletImage/abc', { size: 'md', none: undefined })).toBe(
      'https://api.example/getWalletImage/abc?projectId=p1&st=portico&sv=0.1.0&size=md',
    )
    expect(code.loads).toBe(0)
    expect(asked).toEqual([])
  })

  it('a preload that cannot fetch the code says nothing and asks no service', async () => {
    code.fetch.fail = true
    preloadApiClient()
    await vi.waitFor(() => expect(code.loads).toBe(1))
  })

  it('a call while the code cannot be fetched rejects with MODULE_LOAD_FAILED; the next call fetches it again', async () => {
    const { asked, fetch } = server()
    const api = createLazyApiClient({ baseUrl: 'https://api.example', projectId: 'p1', fetch })
    const error = await api.get('v1/identity/0xabc', {}, nameOf).catch((e: unknown) => e)
    expect(isPorticoError(error, 'MODULE_LOAD_FAILED')).toBe(true)
    expect((error as Error).message).toBe('The API client code could not be loaded')
    expect(code.loads).toBe(2)
    expect(asked).toEqual([])
    code.fetch.fail = false
    await expect(api.get('v1/identity/0xabc', { sender: '0xabc' }, nameOf)).resolves.toBe(
      'Wallet One',
    )
    expect(asked.map((url) => url.toString())).toEqual([
      'https://api.example/v1/identity/0xabc?projectId=p1&st=portico&sv=0.1.0&sender=0xabc',
    ])
    expect(code.loads).toBe(3)
  })

  it('once here, the code is not fetched again: by a preload or by other clients', async () => {
    preloadApiClient()
    const { asked, fetch } = server()
    const other = createLazyApiClient({ baseUrl: 'https://other.example', projectId: 'p2', fetch })
    await expect(other.get('v1/x', {}, nameOf)).resolves.toBe('Wallet One')
    expect(asked.map((url) => url.host)).toEqual(['other.example'])
    expect(code.loads).toBe(3)
  })

  it('every call goes through the loaded client, with its checks: get, post, images', async () => {
    const calls: { method: string | undefined; url: string; body: unknown }[] = []
    const fetch: typeof globalThis.fetch = async (input, init) => {
      calls.push({ method: init?.method, url: String(input), body: init?.body })
      if (String(input).includes('image')) {
        return new Response(new Blob(['<svg/>'], { type: 'image/svg+xml' }))
      }
      return Response.json({ name: 'ok' })
    }
    const api = createLazyApiClient({ baseUrl: 'https://api.example', projectId: 'p1', fetch })
    await expect(api.post('v1/x', { a: 1 }, nameOf, { query: { q: 'y' } })).resolves.toBe('ok')
    expect((await api.getImage('image/1')).type).toBe('image/svg+xml')
    // An answer of the wrong shape is refused as the real client refuses it.
    const refused = await api.get('v1/x', {}, () => undefined).catch((e: unknown) => e)
    expect(isPorticoError(refused, 'INVALID_RESPONSE')).toBe(true)
    expect(calls.map(({ method, url, body }) => [method, url, body])).toEqual([
      ['POST', 'https://api.example/v1/x?projectId=p1&st=portico&sv=0.1.0&q=y', '{"a":1}'],
      ['GET', 'https://api.example/image/1?projectId=p1&st=portico&sv=0.1.0', undefined],
      ['GET', 'https://api.example/v1/x?projectId=p1&st=portico&sv=0.1.0', undefined],
    ])
  })
})

describe('URLs are the real client’s', () => {
  it('for any base, path and query, the same URL as createApiClient makes', async () => {
    const { createApiClient } = await import('./createApiClient.js')
    const segment = fc.stringMatching(/^[a-zA-Z0-9_-]{1,12}$/)
    fc.assert(
      fc.property(
        fc.constantFrom('https://api.example', 'https://api.example/', 'http://127.0.0.1:8787///'),
        fc.array(segment, { maxLength: 4 }).map((parts) => parts.join('/')),
        fc.boolean(),
        fc.dictionary(
          segment,
          fc.oneof(
            fc.string(),
            fc.integer(),
            fc.boolean(),
            fc.constant(undefined),
            fc.constant(null),
            fc.array(fc.string(), { maxLength: 3 }),
          ),
        ),
        segment,
        (baseUrl, path, leadingSlash, query, projectId) => {
          const lazy = createLazyApiClient({ baseUrl, projectId })
          const real = createApiClient({ baseUrl, projectId })
          const target = leadingSlash ? `/${path}` : path
          expect(lazy.url(target, query)).toBe(real.url(target, query))
          expect(lazy.baseUrl).toBe(real.baseUrl)
        },
      ),
      { numRuns: 1_000 },
    )
  })
})
