import { createPortico, FEATURES, type PorticoOptions } from '../client/index.js'
import { buildClient } from '../kernel/createClient.js'
import { defineFeature } from '../kernel/feature.js'
import { createMemoryStorage } from '../storage/index.js'
import { createFakeWallet, TEST_ACCOUNTS } from './fakeWallet.js'
import { testNetworks } from './networks.js'

/** A client with a way into its features' internals, for tests of rules no public action reaches. */
export function createInspectablePortico(options: PorticoOptions) {
  return buildClient(FEATURES, options)
}

/**
 * Builds the client with one more feature that claims the storage `key`: a call that throws when
 * a feature of the client already owns it (the message names both).
 */
export function claimStorageKey(key: string): () => unknown {
  const squatter = defineFeature({
    name: 'squatter',
    storageKeys: [key],
    create: () => ({ public: {} }),
  })
  return () =>
    buildClient([...FEATURES, squatter], {
      networks: testNetworks,
      storage: 'memory',
      logLevel: 'silent',
    })
}

/**
 * What storage holds after an EVM wallet connected (the keys and values a reload restores), for
 * tests that start from a restored session: `initialState: { storage: storedEvmSession(…) }`.
 */
export function storedEvmSession(connectorId: string, address: string): Record<string, string> {
  return {
    '@portico/connected_namespaces': '["eip155"]',
    '@portico/connected_connector_id:eip155': JSON.stringify(connectorId),
    '@portico/connections:eip155': JSON.stringify([{ connectorId, accounts: [{ address }] }]),
  }
}

/**
 * A client started from a stored session of the fake EVM wallet (announced, still authorising the
 * site), as a page rendered with `ssr` and the request's cookies starts: `reconnecting`, the
 * account known, nothing asked of the wallet until `client.connection.reconnect()`.
 */
export function createRestoredPortico(
  options: PorticoOptions,
  cleanup: (undo: () => void) => void,
) {
  const wallet = createFakeWallet({ authorized: true })
  cleanup(wallet.announce(window, { name: 'Fake', rdns: 'dev.portico.fake' }))
  const client = createPortico({
    projectId: 'test',
    logLevel: 'silent',
    storage: createMemoryStorage(),
    ssr: true,
    initialState: { storage: storedEvmSession('dev.portico.fake', TEST_ACCOUNTS[0]) },
    ...options,
  })
  cleanup(() => client.destroy())
  client.connectors.startDiscovery()
  return client
}
