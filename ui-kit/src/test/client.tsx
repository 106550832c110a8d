import {
  createPortico,
  type LocaleOptions,
  type PorticoClient,
  type PorticoOptions,
} from '@portico/core'
import { TEST_NETWORKS, unreachableFetch } from '@portico/core/testing'
import { PorticoProvider, type PorticoProviderProps } from '@portico/react'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'

export const networks = TEST_NETWORKS

/** A client on memory storage whose servers are down unless the test passes its own `fetch`. */
export function createTestClient(
  options: Partial<PorticoOptions> & LocaleOptions = {},
): PorticoClient {
  return createPortico({
    projectId: 'test',
    networks,
    storage: 'memory',
    logLevel: 'silent',
    fetch: unreachableFetch,
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
