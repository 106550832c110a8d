// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ChainAdapter } from '../adapters/index.js'
import { createPortico } from '../client/index.js'
import { isPorticoError } from '../errors/index.js'
import { createMemoryStorage } from '../storage/index.js'
import { TEST_NETWORKS, unreachableFetch } from '../test-utils/client.js'
import { TEST_ACCOUNTS } from '../test-utils/fakeWallet.js'

// A page's first purchase: the on-ramp code is not here when the user clicks Buy, so the shell
// opens the provider window in the click (popup blockers allow no later one) and hands it to the
// code once it comes. The only client of this file, so the code is really on its way.

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('buy before the code is here', () => {
  it('ignores the event an app passes, opens the window in the click, and closes it when the order turns out incomplete', async () => {
    const popup = { closed: false, close: vi.fn(), focus: vi.fn(), location: { replace: vi.fn() } }
    popup.close.mockImplementation(() => {
      popup.closed = true
    })
    const opened: string[] = []
    vi.stubGlobal('open', (url: string) => {
      opened.push(url)
      return popup
    })
    const adapter: ChainAdapter = {
      namespace: 'eip155',
      isAddress: (a) => /^0x[0-9a-fA-F]{40}$/.test(a),
      connection: {
        connect: async () => ({ addresses: [TEST_ACCOUNTS[0]], chainReference: '1' }),
        reconnect: async () => undefined,
        disconnect: async () => undefined,
        subscribe: () => () => undefined,
      },
    }
    const client = createPortico({
      projectId: 'p',
      networks: TEST_NETWORKS,
      storage: createMemoryStorage(),
      logLevel: 'silent',
      fetch: unreachableFetch,
      connectors: [{ id: 'wallet', name: 'Wallet', provider: { request: async () => null } }],
      adapters: { eip155: async () => adapter },
    })
    await client.connection.connect({ connectorId: 'wallet' })
    const buying = (client.onramp.buy as (event: unknown) => Promise<unknown>)({ type: 'click' })
    expect(opened).toHaveLength(1)
    expect(popup.closed).toBe(false)
    const error: unknown = await buying.catch((e: unknown) => e)
    // Nothing is on sale until the options are read: nothing to buy yet.
    expect(isPorticoError(error)).toBe(true)
    expect(error).toMatchObject({ details: { message: { key: 'onramp.noAsset' } } })
    expect(popup.closed).toBe(true)
    expect(popup.location.replace).not.toHaveBeenCalled()
    client.destroy()
  })
})
