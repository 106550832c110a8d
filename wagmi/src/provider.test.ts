import type { PorticoClient, PorticoProvider } from '@portico/core'
import { describe, expect, it } from 'vitest'
import { providerOf } from './provider.js'

describe('the provider wagmi talks to', () => {
  it("is the core's EVM provider, whatever wallet is connected", async () => {
    const provider = { namespace: 'eip155' } as PorticoProvider
    const asked: unknown[] = []
    const client = {
      wallet: {
        getProvider: async (parameters: unknown) => {
          asked.push(parameters)
          return provider
        },
      },
    } as unknown as PorticoClient
    expect(await providerOf(client)).toBe(provider)
    expect(asked).toEqual([{ namespace: 'eip155' }])
  })
})
