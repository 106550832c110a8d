import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import {
  instantAdapter,
  SOLANA_ADDRESS,
  SOLANA_DEVNET,
  standardWallet,
} from '../test/namespaces.js'
import { createTestClient, networks as evmNetworks, wrapperFor } from '../test/setup.js'
import { announcedWallet, RDNS } from '../test/wallet.js'
import { useNamespaces } from './useNamespaces.js'

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

function setup() {
  const { wallet, stop } = announcedWallet()
  stops.push(stop)
  const client = createTestClient({
    networks: [...evmNetworks, SOLANA_DEVNET],
    adapters: {
      solana: instantAdapter('solana', SOLANA_ADDRESS, '8eRXQkZRbsigXb4zuUASq8R3mfJCH3FP'),
    },
    connectors: [
      { id: 'sol', name: 'Sol Wallet', chain: 'solana', wallet: standardWallet('Sol Wallet') },
    ],
  })
  stops.push(() => client.destroy())
  act(() => client.connectors.startDiscovery())
  const hook = renderHook(() => useNamespaces(), { wrapper: wrapperFor(client) })
  return { client, wallet, result: hook.result }
}

describe('useNamespaces', () => {
  it('lists the namespaces of the app’s networks in their order, eip155 active, none connected', () => {
    const { result } = setup()
    expect(result.current.namespace).toBe('eip155')
    expect(
      result.current.namespaces.map((n) => [n.namespace, n.status, n.isActive, n.networks.length]),
    ).toEqual([
      ['eip155', 'disconnected', true, 1],
      ['solana', 'disconnected', false, 1],
    ])
    expect(result.current.namespaces[1]?.network?.name).toBe('Devnet Solana')
  })

  it('keeps an EVM and a Solana connection together and switches the active one both ways', async () => {
    const { client, result } = setup()
    await act(() => client.connection.connect({ connectorId: RDNS }))
    await act(() => client.connection.connect({ connectorId: 'sol' }))
    const [evm, sol] = result.current.namespaces
    expect(evm?.status).toBe('connected')
    expect(evm?.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(sol?.status).toBe('connected')
    expect(sol?.caipAddress).toBe(`${SOLANA_DEVNET.id}:${SOLANA_ADDRESS}`)
    expect(result.current.namespace).toBe('solana')
    act(() => result.current.switchNamespace('eip155'))
    expect(result.current.namespace).toBe('eip155')
    expect(client.connection.$connection.get().address).toBe(evm?.address)
    act(() => result.current.switchNamespace('solana'))
    expect(result.current.namespace).toBe('solana')
    expect(client.connection.$connection.get().address).toBe(SOLANA_ADDRESS)
  })

  it('disconnects one namespace, leaving the other connected and active', async () => {
    const { client, result } = setup()
    await act(() => client.connection.connect({ connectorId: RDNS }))
    await act(() => client.connection.connect({ connectorId: 'sol' }))
    await act(() => result.current.disconnect('solana'))
    expect(result.current.namespaces.map((n) => [n.namespace, n.status])).toEqual([
      ['eip155', 'connected'],
      ['solana', 'disconnected'],
    ])
    expect(result.current.namespace).toBe('eip155')
  })

  it('refuses a namespace the app lists no network of, changing nothing', () => {
    const { result } = setup()
    expect(() => result.current.switchNamespace('bip122')).toThrow('Unsupported chain')
    expect(result.current.namespace).toBe('eip155')
  })

  it('keeps its functions across renders', async () => {
    const { client, result } = setup()
    const { switchNamespace, disconnect } = result.current
    await act(() => client.connection.connect({ connectorId: 'sol' }))
    expect(result.current.switchNamespace).toBe(switchNamespace)
    expect(result.current.disconnect).toBe(disconnect)
  })
})
