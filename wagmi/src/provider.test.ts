import type { Eip1193Provider, PorticoClient } from '@portico/core'
import { describe, expect, it } from 'vitest'
import { ProviderNotFoundError } from 'wagmi'
import { providerOf } from './provider.js'

const walletProvider: Eip1193Provider = { request: async () => null }
const coreProvider: Eip1193Provider = { request: async () => null }

/** A client as far as `providerOf` reads it: its EVM connection, its connectors, its wallet. */
function clientWith(parts: { connectorId?: string; wallet?: object }) {
  return {
    connection: {
      $connections: {
        get: () => ({
          eip155: { status: 'connected', connectorId: parts.connectorId, allAccounts: [] },
        }),
      },
    },
    connectors: {
      get: (id: string) => (id === 'devnet-wallet' ? { provider: walletProvider } : undefined),
    },
    ...(parts.wallet ? { wallet: parts.wallet } : {}),
  } as unknown as PorticoClient
}

describe('the provider wagmi talks to', () => {
  it("is the core's EVM provider when the client has one", async () => {
    const asked: unknown[] = []
    const wallet = {
      getProvider: async (parameters: unknown) => {
        asked.push(parameters)
        return coreProvider
      },
    }
    expect(await providerOf(clientWith({ connectorId: 'devnet-wallet', wallet }))).toBe(
      coreProvider,
    )
    expect(asked).toEqual([{ namespace: 'eip155' }])
  })

  it("is the connected wallet's own provider with a core that has none", async () => {
    expect(await providerOf(clientWith({ connectorId: 'devnet-wallet' }))).toBe(walletProvider)
  })

  it('is not found while no wallet with a provider is connected', async () => {
    await expect(providerOf(clientWith({}))).rejects.toBeInstanceOf(ProviderNotFoundError)
    await expect(providerOf(clientWith({ connectorId: 'walletConnect' }))).rejects.toBeInstanceOf(
      ProviderNotFoundError,
    )
  })
})
