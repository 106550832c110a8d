import { createPortico, type PorticoClient, type PorticoOptions } from '@portico/core'
import { connectorsFeature, loadFeatureCode } from '@portico/core/internal'
import { TEST_NETWORKS, unreachableFetch } from '@portico/core/testing'
import type { ReactNode } from 'react'
import { PorticoProvider } from '../context/PorticoProvider.js'

// The wallet list's code is here, as it is once the page was idle or a list was shown: hooks that
// list wallets see the page's wallets in the turn discovery starts.
await loadFeatureCode(connectorsFeature)

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
