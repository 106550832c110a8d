import { afterEach, describe, expect, it, vi } from 'vitest'
import { createPortico, type PorticoOptions } from '../client/index.js'
import { isPorticoError } from '../errors/index.js'
import { TEST_NETWORKS } from '../test-utils/client.js'
import { createFakeWallet } from '../test-utils/fakeWallet.js'

// Reading names (the API, its cache) is fetched with the first lookup; here the network fails
// that fetch once.
const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

function client(options: Partial<PorticoOptions> = {}) {
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input))
    if (url.pathname === '/v1/profile/account' && init?.method === 'POST') {
      return Response.json({ success: true })
    }
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
    ...options,
  })
}

afterEach(() => {
  vi.doUnmock('./lazy.js')
  vi.restoreAllMocks()
})

describe('when the identity code cannot be loaded', () => {
  // First in the file: the code, once it has loaded, stays loaded for the tests after it.
  it('a name registration still succeeds, and the console says the old name was not forgotten', async () => {
    vi.doMock('./lazy.js', () => {
      throw new TypeError('Failed to fetch dynamically imported module')
    })
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const wallet = createFakeWallet()
    wallet.override('personal_sign', () => `0x${'ab'.repeat(65)}`)
    const portico = client({
      logLevel: 'warn',
      connectors: [{ id: 'fake', name: 'Fake', provider: wallet.provider }],
    })
    await portico.connection.connect({ connectorId: 'fake' })
    await expect(portico.names.registerName('Bobby')).resolves.toBe('bobby.reown.id')
    expect(portico.identity.$profile.get()).toEqual({ name: 'bobby.reown.id', avatar: undefined })
    await vi.waitFor(() =>
      expect(warn.mock.calls.map((call) => call[0])).toContain(
        '[portico] could not forget the account name',
      ),
    )
    portico.destroy()
  })

  it('a lookup rejects with a clear error, and the next one loads the code again', async () => {
    vi.doMock('./lazy.js', () => {
      throw new TypeError('Failed to fetch dynamically imported module')
    })
    const portico = client()
    const first = await portico.identity.fetchIdentity(ADDRESS).catch((e: unknown) => e)
    expect(isPorticoError(first, 'MODULE_LOAD_FAILED')).toBe(true)
    expect(first).toMatchObject({ message: 'The identity code could not be loaded' })
    vi.doUnmock('./lazy.js')
    await expect(portico.identity.fetchIdentity(ADDRESS)).resolves.toEqual({
      name: 'alice.eth',
      avatar: null,
    })
    portico.destroy()
  })
})
