// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import type { PorticoOptions } from '../client/index.js'
import { createFakeWallet, type FakeWallet, TEST_ACCOUNTS } from '../test-utils/fakeWallet.js'
import { cleanupAfterEach, createOfflinePortico, DOWN } from '../test-utils/offline.js'

// The connection's edges: explorer links, unknown wallets, a client that was destroyed, an
// adapter that cannot load, a wallet that shares nothing, and the modal after a wallet leaves.
const RDNS = 'dev.portico.fake'
const cleanup = cleanupAfterEach()

const devnet = (explorer?: string) =>
  ({
    id: 'eip155:31337',
    name: 'Devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { http: [DOWN] },
    ...(explorer ? { blockExplorers: [{ name: 'Scan', url: explorer }] } : {}),
  }) as const

function setup({
  wallet = createFakeWallet(),
  networks = [devnet()],
  ...options
}: { wallet?: FakeWallet } & Partial<PorticoOptions> = {}) {
  cleanup(wallet.announce(window, { name: 'Fake Wallet', rdns: RDNS }))
  const { client } = createOfflinePortico(cleanup, { networks, ...options })
  return { client, wallet }
}

describe('the explorer link of the connected address', () => {
  it('is the explorer URL without its trailing slashes, then /address/ and the address', async () => {
    const { client } = setup({ networks: [devnet('https://scan.example/evm//')] })
    expect(client.connection.$explorerUrl.get()).toBeUndefined()
    await client.connection.connect({ connectorId: RDNS })
    expect(client.connection.$explorerUrl.get()).toBe(
      `https://scan.example/evm/address/${TEST_ACCOUNTS[0]}`,
    )
    await client.connection.disconnect()
    expect(client.connection.$explorerUrl.get()).toBeUndefined()
  })

  it('is absent when the network lists no explorer', async () => {
    const { client } = setup()
    await client.connection.connect({ connectorId: RDNS })
    expect(client.connection.$explorerUrl.get()).toBeUndefined()
  })
})

describe('connect', () => {
  it('names a wallet id that no connector has', async () => {
    const { client } = setup()
    const error = await client.connection.connect({ connectorId: 'io.nowhere' }).catch((e) => e)
    expect(error.code).toBe('WALLET_ERROR')
    expect(error.message).toBe('No wallet with id io.nowhere is available')
    expect(client.connection.$status.get()).toBe('disconnected')
  })

  it('reports a wallet that throws something unreadable (a revoked Proxy) and ends disconnected', async () => {
    const wallet = createFakeWallet()
    const revoked = Proxy.revocable({}, {})
    revoked.revoke()
    wallet.override('eth_requestAccounts', async () => {
      throw revoked.proxy
    })
    const { client } = setup({ wallet })
    const error = await client.connection.connect({ connectorId: RDNS }).catch((e) => e)
    expect(error.code).toBe('WALLET_ERROR')
    expect(error.message).toBe('The wallet failed the connection request')
    expect(client.connection.$status.get()).toBe('disconnected')
    expect(client.connection.$error.get()?.code).toBe('WALLET_ERROR')
    expect(client.connection.$connectingId.get()).toBeUndefined()
  })

  it('says the wallet shared no account when it answers with an empty list', async () => {
    const wallet = createFakeWallet()
    wallet.override('eth_requestAccounts', async () => [])
    const { client } = setup({ wallet })
    const error = await client.connection.connect({ connectorId: RDNS }).catch((e) => e)
    expect(error.code).toBe('WALLET_ERROR')
    expect(error.message).toBe('The wallet shared no account')
    expect(client.connection.$status.get()).toBe('disconnected')
  })

  it('reports an adapter that cannot load, with its namespace, and loads it again on retry', async () => {
    let loads = 0
    const { client } = setup({
      adapters: {
        eip155: async (context) => {
          loads += 1
          if (loads === 1) throw new Error('chunk failed')
          const { createEvmAdapter } = await import('../adapters/evm/createEvmAdapter.js')
          return createEvmAdapter(context)
        },
      },
    })
    const error = await client.connection.connect({ connectorId: RDNS }).catch((e) => e)
    expect(error.code).toBe('CHAIN_ADAPTER_NOT_FOUND')
    expect(error.details).toEqual({ namespace: 'eip155' })
    expect(error.cause).toBeInstanceOf(Error)
    const result = await client.connection.connect({ connectorId: RDNS })
    expect(result.caipAddress).toBe(`eip155:31337:${TEST_ACCOUNTS[0]}`)
    expect(loads).toBe(2)
  })
})

describe('a destroyed client', () => {
  it('refuses to connect, switch or change namespace instead of touching stopped listeners', async () => {
    const { client } = setup()
    client.destroy()
    const connect = await client.connection.connect({ connectorId: RDNS }).catch((e) => e)
    expect(connect.code).toBe('CONNECTION_CLIENT_NOT_SET')
    const switching = await client.connection.switchNetwork(devnet()).catch((e) => e)
    expect(switching.code).toBe('NETWORK_CLIENT_NOT_SET')
    expect(() => client.connection.switchNamespace('eip155')).toThrow(
      expect.objectContaining({ code: 'CONNECTION_CLIENT_NOT_SET' }),
    )
  })
})

describe('the modal when a wallet leaves', () => {
  it('goes back to Connect when the last wallet disconnects itself', async () => {
    const { client, wallet } = setup()
    await client.connection.connect({ connectorId: RDNS })
    client.modal.open()
    expect(client.modal.$view.get().view).toBe('Account')
    wallet.emit('disconnect')
    expect(client.modal.$open.get()).toBe(true)
    expect(client.modal.$view.get().view).toBe('Connect')
  })

  it('stays closed when it was closed', async () => {
    const { client, wallet } = setup()
    await client.connection.connect({ connectorId: RDNS })
    wallet.emit('disconnect')
    expect(client.modal.$open.get()).toBe(false)
  })

  it('closes after a connection made from a connecting view, not from another one', async () => {
    const { client } = setup()
    client.modal.open()
    client.modal.push('ConnectingExternal', { connectorId: RDNS })
    await client.connection.connect({ connectorId: RDNS })
    expect(client.modal.$open.get()).toBe(false)
    await client.connection.disconnect()
    client.modal.open({ view: 'Networks' })
    await client.connection.connect({ connectorId: RDNS })
    expect(client.modal.$open.get()).toBe(true)
    expect(client.modal.$view.get().view).toBe('Networks')
  })
})
