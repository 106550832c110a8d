// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createPortico } from '../client/index.js'
import { TEST_NETWORKS } from '../test-utils/client.js'
import { createFakeWallet } from '../test-utils/fakeWallet.js'

// Reading the history (its requests and their checks) is fetched on first use; here the network
// fails that fetch.
const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
  vi.doUnmock('./requests.js')
})

function setup() {
  vi.doMock('./requests.js', () => {
    throw new TypeError('Failed to fetch dynamically imported module')
  })
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
      error: { code: 'MODULE_LOAD_FAILED' },
    })
    await vi.waitFor(() => expect(errorToasts).toEqual(['history.fetchFailed']))
  })

  it('without an account there is nothing to say', async () => {
    const { client, errorToasts } = setup()
    await client.history.refresh()
    expect(client.history.$history.get()).toMatchObject({ status: 'idle', error: undefined })
    expect(errorToasts).toEqual([])
  })
})
