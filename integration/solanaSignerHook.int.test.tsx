// @vitest-environment happy-dom
import { createMemoryStorage, createPortico, type PorticoClient } from '@portico/core'
import { solanaAdapter } from '@portico/core/solana'
import { type Devnet, startDevnet } from '@portico/devnet'
import { createDevnetSolanaWalletCore } from '@portico/devnet/solana-wallet'
import { PorticoProvider } from '@portico/react'
import { useSolanaSigner } from '@portico/react/solana'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// The hook of the Solana signer, on the devnet's Solana chain and the Devnet Solana Wallet.
let devnet: Devnet
let portico: PorticoClient

beforeAll(async () => {
  devnet = await startDevnet({ ports: { api: 0, chains: [0, 0, 0], relay: 0 } })
  const wallet = createDevnetSolanaWalletCore({
    chains: [
      { id: devnet.solana.caipNetworkId, name: 'Devnet Solana', rpcUrl: devnet.solana.rpcUrl },
    ],
    autoApprove: true,
    origin: 'http://127.0.0.1:5173',
    storageKey: 'solana-signer-hook-int',
  })
  portico = createPortico({
    projectId: 'devnet',
    networks: [devnet.solana.network, ...devnet.networks] as never,
    apiUrls: { blockchain: devnet.apiUrl, toolkit: devnet.apiUrl },
    storage: createMemoryStorage(),
    logLevel: 'silent',
    adapters: { solana: solanaAdapter },
    connectors: [
      { id: 'solana', name: 'Devnet Solana Wallet', chain: 'solana', wallet: wallet.wallet },
    ],
  })
}, 60_000)

afterAll(async () => {
  portico?.destroy()
  await devnet?.stop()
})

const wrapper = ({ children }: { children: ReactNode }) => (
  <PorticoProvider client={portico}>{children}</PorticoProvider>
)

describe('useSolanaSigner (@portico/react/solana)', () => {
  it('is idle while no Solana wallet is connected, then gives the signer of the connected account', async () => {
    const { result } = renderHook(() => useSolanaSigner(), { wrapper })
    expect(result.current).toMatchObject({ status: 'idle', data: undefined })
    await act(() => portico.connection.connect({ connectorId: 'solana' }))
    await waitFor(() => expect(result.current.status).toBe('success'))
    expect(result.current.data?.address).toBe(devnet.solanaAccounts[0]!.address)
    const [signed] = await result.current.data!.signMessages([
      { content: new TextEncoder().encode('gm'), signatures: {} },
    ])
    expect(signed![result.current.data!.address]).toHaveLength(64)
    await act(() => portico.connection.disconnect())
    await waitFor(() => expect(result.current.status).toBe('idle'))
    expect(result.current.data).toBeUndefined()
  })
})
