// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest'
import { createPortico } from '../client/index.js'
import { TEST_NETWORKS } from '../test-utils/client.js'
import { createFakeWallet } from '../test-utils/fakeWallet.js'
import { cleanupAfterEach } from '../test-utils/offline.js'

// The names code (`./lazy.js`: the profile service, the cache, the registration) is fetched with
// import() on first use. The test makes that fetch fail as a lost chunk does (offline, a deploy
// in between), then lets it through.
const fetchOfNames = await vi.hoisted(async () =>
  (await import('../test-utils/moduleFetch.js')).createModuleFetch(),
)
vi.mock('./lazy.js', async (original) => {
  await fetchOfNames.arrive()
  return original()
})

const cleanup = cleanupAfterEach()

const LOAD_FAILED = {
  code: 'MODULE_LOAD_FAILED',
  message: 'The names code could not be loaded',
  details: { module: 'names' },
}

function setup() {
  const wallet = createFakeWallet()
  wallet.override('personal_sign', () => `0x${'ab'.repeat(65)}`)
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input))
    if (url.pathname === '/v1/profile/account' && init?.method === 'POST') {
      return Response.json({ success: true })
    }
    return Response.json({ error: 'not here' }, { status: 404 })
  }
  const client = createPortico({
    projectId: 'p',
    networks: TEST_NETWORKS,
    storage: 'memory',
    logLevel: 'silent',
    fetch,
    connectors: [{ id: 'fake', name: 'Fake', provider: wallet.provider }],
  })
  cleanup(() => client.destroy())
  return client
}

describe('the names code cannot be fetched', () => {
  it('a registration says the names code could not be loaded, the registration on screen says so too, and a later one fetches it again', async () => {
    fetchOfNames.fail = true
    const client = setup()
    await client.connection.connect({ connectorId: 'fake' })
    await expect(client.names.registerName('Bobby')).rejects.toMatchObject(LOAD_FAILED)
    await expect(client.names.resolveName('alice.reown.id')).rejects.toMatchObject(LOAD_FAILED)

    // The registration view shows its state: an error, not a form that waits for ever.
    cleanup(client.names.$registration.listen(() => undefined))
    await vi.waitFor(() => expect(client.names.$registration.get().status).toBe('error'))
    expect(client.names.$registration.get().error).toMatchObject(LOAD_FAILED)
    // Leaving the view forgets the failure.
    client.names.resetRegistration()
    expect(client.names.$registration.get()).toMatchObject({ status: 'idle', error: undefined })

    fetchOfNames.fail = false
    await expect(client.names.registerName('Bobby')).resolves.toBe('bobby.reown.id')
    expect(client.names.$registration.get()).toMatchObject({
      status: 'success',
      data: 'bobby.reown.id',
    })
    await expect(client.names.resolveName('alice.reown.id')).resolves.toBeUndefined()
  })
})
