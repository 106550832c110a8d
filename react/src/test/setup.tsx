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

export function createTestClient(options: Partial<PorticoOptions> = {}): PorticoClient {
  return createPortico({ projectId: 'test', networks, storage: 'memory', ...options })
}

export function wrapperFor(client: PorticoClient) {
  return ({ children }: { children: ReactNode }) => (
    <PorticoProvider client={client}>{children}</PorticoProvider>
  )
}
