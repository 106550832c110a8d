// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createPortico } from '../client/index.js'
import { TEST_NETWORKS } from '../test-utils/client.js'
import { createFakeWallet } from '../test-utils/fakeWallet.js'

// Reading the history (`./lazy.js`: its requests and their checks) is fetched with import() on
// first use; here the network fails that fetch as it fails for a lost chunk (offline, a deploy in
// between).
const fetchOfHistory = await vi.hoisted(async () =>
  (await import('../test-utils/moduleFetch.js')).createModuleFetch(),
)
vi.mock('./lazy.js', async (original) => {
  await fetchOfHistory.arrive()
  return original()
})

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

function setup() {
  fetchOfHistory.fail = true
  const wallet = createFakeWallet()
  const client = createPortico({
    projectId: 'p',
    networks: TEST_NETWORKS,
    storage: 'memory',
    logLevel: 'silent',
    fetch: async () => Response.json({ data: [], next: null }),
    connectors: [{ id: 'fake', name: 'Fake', provider: wallet.provider }],
  })
  cleanups.push(() => client.destroy())
  const errorToasts: string[] = []
  cleanups.push(
    client.toast.$toast.listen((toast) => {
      if (toast.open && toast.variant === 'error' && 'key' in toast.message) {
        errorToasts.push(toast.message.key)
      }
    }),
  )
  return { client, errorToasts }
}

describe('when the history code cannot be loaded', () => {
  it('the list says so the way a failed request does: an error and a toast', async () => {
    const { client, errorToasts } = setup()
    await client.connection.connect({ connectorId: 'fake' })
    await client.history.refresh()
    expect(client.history.$history.get()).toMatchObject({
      status: 'error',
      data: [],
      isPending: false,
      error: {
        code: 'MODULE_LOAD_FAILED',
        message: 'The history code could not be loaded',
        details: { module: 'history' },
      },
    })
    await vi.waitFor(() => expect(errorToasts).toEqual(['history.fetchFailed']))
  })

  it('a list on screen says why it stays empty instead of loading for ever', async () => {
    const { client } = setup()
    await client.connection.connect({ connectorId: 'fake' })
    cleanups.push(client.history.$history.listen(() => undefined))
    await vi.waitFor(() => expect(client.history.$history.get().status).toBe('error'))
    expect(client.history.$history.get()).toMatchObject({
      data: [],
      isPending: false,
      error: { code: 'MODULE_LOAD_FAILED' },
    })
  })

  it('without an account there is nothing to say', async () => {
    const { client, errorToasts } = setup()
    await client.history.refresh()
    expect(client.history.$history.get()).toMatchObject({ status: 'idle', error: undefined })
    expect(errorToasts).toEqual([])
  })

  // Last: once fetched, the code stays for the rest of the file.
  it('a later use fetches the code again, and the list is read', async () => {
    const { client } = setup()
    await client.connection.connect({ connectorId: 'fake' })
    await client.history.refresh()
    expect(client.history.$history.get().status).toBe('error')
    fetchOfHistory.fail = false
    await client.history.refresh()
    expect(client.history.$history.get()).toMatchObject({ status: 'success', data: [] })
  })
})
