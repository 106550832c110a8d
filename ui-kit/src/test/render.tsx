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
    blockExplorers: [{ name: 'Devscan', url: 'https://devscan.test' }],
  },
  {
    id: 'eip155:31338',
    name: 'Devnet L2',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { http: ['http://127.0.0.1:8546'] },
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
