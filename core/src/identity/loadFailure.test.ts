import { afterEach, describe, expect, it, vi } from 'vitest'
import { createPortico } from '../client/index.js'
import { isPorticoError } from '../errors/index.js'
import { TEST_NETWORKS } from '../test-utils/client.js'

// Reading names (the API, its cache) is fetched with the first lookup; here the network fails
// that fetch once.
const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

function client() {
  const fetch: typeof globalThis.fetch = async (input) => {
    const url = new URL(String(input))
    if (url.pathname.endsWith(`/v1/identity/${ADDRESS}`)) {
      return Response.json({ name: 'alice.eth', avatar: null })
    }
    return Response.json({ error: 'not here' }, { status: 404 })
  }
  return createPortico({
    projectId: 'p',
    networks: TEST_NETWORKS,
    storage: 'memory',
    logLevel: 'silent',
    fetch,
  })
}

afterEach(() => {
  vi.doUnmock('./requests.js')
})

describe('when the identity code cannot be loaded', () => {
  it('a lookup rejects with a clear error, and the next one loads the code again', async () => {
    vi.doMock('./requests.js', () => {
      throw new TypeError('Failed to fetch dynamically imported module')
    })
    const portico = client()
    const first = await portico.identity.fetchIdentity(ADDRESS).catch((e: unknown) => e)
    expect(isPorticoError(first, 'MODULE_LOAD_FAILED')).toBe(true)
    expect(first).toMatchObject({ message: 'The identity code could not be loaded' })
    vi.doUnmock('./requests.js')
    await expect(portico.identity.fetchIdentity(ADDRESS)).resolves.toEqual({
      name: 'alice.eth',
      avatar: null,
    })
    portico.destroy()
  })
})
