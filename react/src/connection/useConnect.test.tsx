import { createFakeWallet, TEST_ACCOUNTS } from '@portico/core/testing'
import { act, renderHook, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { useAccount } from '../account/useAccount.js'
import { useConnect } from '../connection/useConnect.js'
import { useDisconnect } from '../connection/useDisconnect.js'
import { useWalletInfo } from '../connection/useWalletInfo.js'
import { createTestClient, wrapperFor } from '../test/setup.js'
import { announcedWallet, RDNS } from '../test/wallet.js'

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

function useAll() {
  return { ...useConnect(), account: useAccount(), info: useWalletInfo(), out: useDisconnect() }
}

describe('useConnect, useAccount, useWalletInfo, useDisconnect', () => {
  it('lists the announced wallet without the app starting discovery, connects it and disconnects', async () => {
    const { stop } = announcedWallet()
    stops.push(stop)
    const client = createTestClient()
    const { result } = renderHook(() => useAll(), { wrapper: wrapperFor(client) })
    await waitFor(() => expect(result.current.items).toHaveLength(2))
    expect(result.current.items.map((i) => i.kind === 'connector' && i.connector.name)).toEqual([
      'WalletConnect',
      'Fake Wallet',
    ])
    await act(() => result.current.connect({ connectorId: RDNS }))
    expect(result.current.account).toMatchObject({
      isConnected: true,
      address: TEST_ACCOUNTS[0],
      caipAddress: `eip155:31337:${TEST_ACCOUNTS[0]}`,
      namespace: 'eip155',
    })
    expect(result.current.info.walletInfo?.name).toBe('Fake Wallet')
    expect(result.current.items[1]).toMatchObject({ group: 'recent', recent: true })
    await act(() => result.current.out.disconnect())
    expect(result.current.account.isDisconnected).toBe(true)
    expect(result.current.info.walletInfo).toBeUndefined()
  })

  it('reports a rejection as an error and allows a retry', async () => {
    const wallet = createFakeWallet()
    wallet.override('eth_requestAccounts', () => {
      throw { code: 4001, message: 'User rejected the request.' }
    })
    stops.push(announcedWallet(wallet).stop)
    const client = createTestClient()
    const { result } = renderHook(() => useAll(), { wrapper: wrapperFor(client) })
    act(() => client.connectors.startDiscovery())
    await act(() => result.current.connect({ connectorId: RDNS }).catch(() => undefined))
    expect(result.current.error?.code).toBe('USER_REJECTED')
    expect(result.current.isPending).toBe(false)
    act(() => result.current.reset())
    expect(result.current.error).toBeUndefined()
  })

  it('shows isPending while the wallet is asked', async () => {
    const wallet = createFakeWallet()
    let approve: (accounts: string[]) => void = () => {}
    wallet.override('eth_requestAccounts', () => new Promise((resolve) => (approve = resolve)))
    stops.push(announcedWallet(wallet).stop)
    const client = createTestClient()
    const { result } = renderHook(() => useAll(), { wrapper: wrapperFor(client) })
    act(() => client.connectors.startDiscovery())
    let done: Promise<unknown> = Promise.resolve()
    act(() => {
      done = result.current.connect({ connectorId: RDNS })
    })
    await waitFor(() => expect(result.current.isPending).toBe(true))
    expect(result.current.connectingId).toBe(RDNS)
    expect(result.current.account.isConnecting).toBe(true)
    await act(async () => {
      approve([...TEST_ACCOUNTS])
      await done
    })
    expect(result.current.isPending).toBe(false)
  })
})
