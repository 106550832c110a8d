import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { useNetwork } from '../network/useNetwork.js'
import { createTestClient, wrapperFor } from '../test/setup.js'
import { announcedWallet, RDNS } from '../test/wallet.js'

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

const l2 = {
  id: 'eip155:31338',
  name: 'Devnet L2',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { http: ['http://127.0.0.1:8546'] },
} as const

describe('useNetwork', () => {
  it('switches the connected wallet and reports unsupported chains', async () => {
    const { wallet, stop } = announcedWallet()
    stops.push(stop)
    const client = createTestClient({
      networks: [
        {
          id: 'eip155:31337',
          name: 'Devnet',
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: { http: ['http://127.0.0.1:8545'] },
        },
        l2,
      ],
    })
    const { result } = renderHook(() => useNetwork(), { wrapper: wrapperFor(client) })
    expect(result.current.network.name).toBe('Devnet')
    expect(result.current.networks.map((n) => n.name)).toEqual(['Devnet', 'Devnet L2'])
    act(() => client.connectors.startDiscovery())
    await act(() => client.connection.connect({ connectorId: RDNS }))
    await act(() => result.current.switchNetwork(result.current.networks[1]!))
    expect(result.current.network.name).toBe('Devnet L2')
    expect(result.current.walletChainId).toBe('eip155:31338')
    act(() => wallet.emit('chainChanged', '0x7a6b'))
    expect(result.current.isUnsupported).toBe(true)
    expect(result.current.walletChainId).toBe('eip155:31339')
  })
})
