import { createPortico, type PorticoClient, type PorticoOptions } from '@portico/core'
import { PorticoProvider, type PorticoProviderProps } from '@portico/react'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'

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

export function renderWithClient(
  ui: ReactNode,
  {
    client = createTestClient(),
    messages,
  }: { client?: PorticoClient; messages?: PorticoProviderProps['messages'] } = {},
) {
  const result = render(
    <PorticoProvider client={client} messages={messages}>
      {ui}
    </PorticoProvider>,
  )
  return { ...result, client }
}
