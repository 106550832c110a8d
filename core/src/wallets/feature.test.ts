import { describe, expect, it, vi } from 'vitest'
import { createPortico } from '../client/index.js'
import { testNetworks } from '../test-utils/networks.js'

function setup() {
  const asked: string[] = []
  const fetch: typeof globalThis.fetch = async (input) => {
    asked.push(new URL(String(input)).pathname)
    return Response.json({ count: 1, data: [{ id: 'w1', name: 'Wallet One' }] })
  }
  const client = createPortico({
    projectId: 'p',
    networks: testNetworks,
    storage: 'memory',
    logLevel: 'silent',
    fetch,
  })
  return { client, asked }
}

describe('the wallet list is asked for on use, never at page load', () => {
  it('a connect list on screen (a custom connect button) makes no request', async () => {
    const { client, asked } = setup()
    const stop = client.wallets.$connectList.listen(() => undefined)
    await new Promise((resolve) => setImmediate(resolve))
    stop()
    expect(asked).toEqual([])
  })

  it('an explorer showing the recommended wallets loads them, once', async () => {
    const { client, asked } = setup()
    const stop = client.wallets.$recommended.listen(() => undefined)
    const stopFeatured = client.wallets.$featured.listen(() => undefined)
    // The listing's code is fetched on this first use, then the request goes.
    await vi.waitFor(() => expect(client.wallets.$recommended.get()).toHaveLength(1))
    stop()
    stopFeatured()
    expect(asked).toEqual(['/getWallets'])
    expect(client.wallets.$recommended.get().map((w) => w.id)).toEqual(['w1'])
  })
})
