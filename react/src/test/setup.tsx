import { createPortico, type PorticoClient, type PorticoOptions } from '@portico/core'
import { FEATURES, loadFeatureCode } from '@portico/core/test-seams'
import { TEST_NETWORKS, unreachableFetch } from '@portico/core/testing'
import type { ReactNode } from 'react'
import { PorticoProvider } from '../context/PorticoProvider.js'

// Every feature's code is here, as it is once it has come: hooks show what their stores hold in
// the turn they act (the wallets once discovery starts, the checks of what was typed). When code
// arrives is core's to test.
await Promise.all(FEATURES.map(loadFeatureCode))

export const networks = [TEST_NETWORKS[0]] as const

/** A client on memory storage whose servers are down unless the test passes its own `fetch`. */
export function createTestClient(options: Partial<PorticoOptions> = {}): PorticoClient {
  return createPortico({
    projectId: 'test',
    networks,
    storage: 'memory',
    logLevel: 'silent',
    fetch: unreachableFetch,
    ...options,
  })
}

export function wrapperFor(client: PorticoClient) {
  return ({ children }: { children: ReactNode }) => (
    <PorticoProvider client={client}>{children}</PorticoProvider>
  )
}
