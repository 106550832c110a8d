import { createPortico, type PorticoClient, type PorticoOptions } from '@portico/core'
import type { ReactNode } from 'react'
import { PorticoProvider } from '../context/PorticoProvider.js'

export const networks = [
  {
    id: 'eip155:31337',
    name: 'Devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { http: ['http://127.0.0.1:8545'] },
  },
] as const satisfies PorticoOptions['networks']

const serverDown: typeof fetch = async () => {
  throw new TypeError('fetch failed: connection refused')
}

/** A client on memory storage whose servers are down unless the test passes its own `fetch`. */
export function createTestClient(options: Partial<PorticoOptions> = {}): PorticoClient {
  return createPortico({
    projectId: 'test',
    networks,
    storage: 'memory',
    logLevel: 'silent',
    fetch: serverDown,
    ...options,
  })
}

export function wrapperFor(client: PorticoClient) {
  return ({ children }: { children: ReactNode }) => (
    <PorticoProvider client={client}>{children}</PorticoProvider>
  )
}
