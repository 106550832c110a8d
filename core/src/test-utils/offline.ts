import { afterEach } from 'vitest'
import type { PorticoOptions } from '../client/index.js'
import { connectorsFeature } from '../connectors/index.js'
import { loadFeatureCode } from '../kernel/index.js'
import type { PorticoNetwork } from '../options/index.js'
import { createMemoryStorage } from '../storage/index.js'
import { unreachableFetch } from './client.js'
import { createInspectablePortico } from './portico.js'

/** A server that is not there (the discard port): a request to it is refused at once. */
export const DOWN = 'http://127.0.0.1:9'

/**
 * The devnet's three EVM chains with their RPC at `DOWN`: a connection's chain reads fail fast
 * and no test reaches a real node. Take the first one, two or three.
 */
export const DOWN_NETWORKS = [
  {
    id: 'eip155:31337',
    name: 'Devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { http: [DOWN] },
  },
  {
    id: 'eip155:31338',
    name: 'Devnet L2',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { http: [DOWN] },
  },
  {
    id: 'eip155:31339',
    name: 'Devnet L3',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { http: [DOWN] },
  },
] as const satisfies readonly PorticoNetwork[]

/** The options of a client whose chain reads and API calls all meet a server that is down. */
export const OFFLINE_OPTIONS = {
  projectId: 'test',
  logLevel: 'silent',
  apiUrls: { blockchain: DOWN, toolkit: DOWN },
  fetch: unreachableFetch,
} as const satisfies Partial<PorticoOptions>

/** Registers something to undo after the test; `now()` undoes everything registered so far. */
export type Cleanup = ((cleanup: () => void) => void) & { now(): void }

/**
 * What a test registers to undo (announced wallets, clients, subscriptions), undone after each
 * test. Call once at the top level of a test file.
 */
export function cleanupAfterEach(): Cleanup {
  const cleanups: (() => void)[] = []
  const now = () => {
    for (const cleanup of cleanups.splice(0)) cleanup()
  }
  afterEach(now)
  return Object.assign((cleanup: () => void) => void cleanups.push(cleanup), { now })
}

// The wallet list's code (discovery, the registry) is here, as it is once the page was idle or a
// list was shown: discovery below finds the page's wallets in the same turn.
await loadFeatureCode(connectorsFeature)

/**
 * A client on `DOWN_NETWORKS`' first chain (unless `networks` says otherwise) with every server
 * down and the browser's wallets discovered, destroyed through `cleanup`; with the features'
 * internals and the event bus for tests that look inside (`built.use`, `built.events`).
 */
export function createOfflinePortico(
  cleanup: (cleanup: () => void) => void,
  options: Partial<PorticoOptions> = {},
) {
  const built = createInspectablePortico({
    ...OFFLINE_OPTIONS,
    networks: [DOWN_NETWORKS[0]],
    storage: createMemoryStorage(),
    ...options,
  })
  cleanup(() => built.client.destroy())
  built.client.connectors.startDiscovery()
  return built
}
