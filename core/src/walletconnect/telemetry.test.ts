import { afterEach, describe, expect, it, vi } from 'vitest'
import { createPortico } from '../client/index.js'
import { unreachableFetch } from '../test-utils/client.js'
import { testNetworks } from '../test-utils/networks.js'

// WalletConnect's own packages are the edge of the world here: what they are started with.
const started = vi.hoisted(() => ({
  core: [] as Record<string, unknown>[],
  provider: [] as Record<string, unknown>[],
}))
vi.mock('@walletconnect/core', () => ({
  Core: class {
    verify = { register: async () => '' }
    constructor(options: Record<string, unknown>) {
      started.core.push(options)
    }
  },
}))
vi.mock('@walletconnect/universal-provider', () => ({
  UniversalProvider: {
    async init(options: Record<string, unknown>) {
      started.provider.push(options)
      return {
        session: undefined,
        on() {},
        // Never approved: the pairing stays open.
        connect: () => new Promise(() => {}),
        request: async () => [],
      }
    },
  },
}))

afterEach(() => {
  started.core.length = 0
  started.provider.length = 0
})

async function pairWith(features?: { analytics: boolean }) {
  const client = createPortico({
    projectId: 'p',
    networks: testNetworks,
    storage: 'memory',
    logLevel: 'silent',
    fetch: unreachableFetch,
    apiUrls: { relay: 'ws://127.0.0.1:9' },
    ...(features ? { features } : {}),
  })
  void client.walletConnect.startPairing()
  await vi.waitFor(() => expect(started.provider).toHaveLength(1), { timeout: 10_000 })
  client.destroy()
}

describe("WalletConnect's own telemetry", () => {
  // It posts to a host written into the library (pulse.walletconnect.org), whatever the app's
  // apiUrls say: it cannot follow the app's URLs, so it stays off; Portico's own error telemetry
  // follows the analytics switch instead.
  it('stays off with analytics on (the default)', async () => {
    await pairWith()
    expect(started.core[0]).toMatchObject({ telemetryEnabled: false, relayUrl: 'ws://127.0.0.1:9' })
    expect(started.provider[0]).toMatchObject({ telemetryEnabled: false })
  })

  it('stays off with analytics off', async () => {
    await pairWith({ analytics: false })
    expect(started.core[0]).toMatchObject({ telemetryEnabled: false })
    expect(started.provider[0]).toMatchObject({ telemetryEnabled: false })
  })
})
