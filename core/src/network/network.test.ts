// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import type { PorticoOptions } from '../client/index.js'
import type { PorticoNetwork } from '../options/index.js'
import { createMemoryStorage, type StorageAdapter } from '../storage/index.js'
import { createFakeWallet, type FakeWallet } from '../test-utils/fakeWallet.js'
import {
  cleanupAfterEach,
  createOfflinePortico,
  DOWN,
  DOWN_NETWORKS,
} from '../test-utils/offline.js'
import { claimStorageKey } from '../test-utils/portico.js'

// The app's networks, the one selected per namespace across reloads, and the UnsupportedChain
// rule: a wallet on a chain the app does not list opens UnsupportedChain, and moving back to a
// listed chain closes it, without touching a view the user opened since.

const RDNS = 'dev.portico.fake'
const cleanup = cleanupAfterEach()

const solana = (reference: string, name: string): PorticoNetwork => ({
  id: `solana:${reference}`,
  name,
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { http: [DOWN] },
})
const SOLANA_MAIN = solana('5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'Solana')
const SOLANA_DEV = solana('EtWTRABZaYq6iMfeYKouRu166VU2xqa1', 'Solana Devnet')

function setup({
  wallet = createFakeWallet(),
  storage = createMemoryStorage(),
  ...options
}: { wallet?: FakeWallet; storage?: StorageAdapter } & Partial<PorticoOptions> = {}) {
  cleanup(wallet.announce(window, { name: 'Fake Wallet', rdns: RDNS }))
  const { client } = createOfflinePortico(cleanup, {
    networks: [DOWN_NETWORKS[0], DOWN_NETWORKS[1]],
    storage,
    // Solana networks need their adapter named; these tests never connect a Solana wallet.
    adapters: {
      solana: () => Promise.reject(new Error('no Solana wallet in these tests')),
    },
    ...options,
  })
  const connect = () => client.connection.connect({ connectorId: RDNS })
  return { client, wallet, storage, connect }
}

describe('the networks', () => {
  it('lists each namespace of the app once, in the order of its networks', () => {
    const { client } = setup({ networks: [DOWN_NETWORKS[0], SOLANA_MAIN, DOWN_NETWORKS[1]] })
    expect(client.network.namespaces).toEqual(['eip155', 'solana'])
  })

  it('selects, per namespace, the default network or else the first listed of it', () => {
    const { client } = setup({
      networks: [DOWN_NETWORKS[0], SOLANA_MAIN, DOWN_NETWORKS[1], SOLANA_DEV],
      defaultNetwork: DOWN_NETWORKS[1],
    })
    expect(client.network.$activeNetworks.get()).toEqual({
      eip155: expect.objectContaining({ id: 'eip155:31338' }),
      solana: expect.objectContaining({ id: SOLANA_MAIN.id }),
    })
  })

  it('takes a null default network as none: the first network', () => {
    const { client } = setup({ defaultNetwork: null as never })
    expect(client.network.$activeNetwork.get().id).toBe('eip155:31337')
  })

  it('comes back after a reload as selected, namespace included; a stored network the app no longer lists is not', () => {
    const networks: PorticoOptions['networks'] = [
      DOWN_NETWORKS[0],
      DOWN_NETWORKS[1],
      SOLANA_MAIN,
      SOLANA_DEV,
    ]
    const storage = createMemoryStorage({
      '@portico/active_namespace': JSON.stringify('solana'),
      '@portico/active_caip_network_id:eip155': JSON.stringify('eip155:31338'),
      '@portico/active_caip_network_id:solana': JSON.stringify('solana:not a chain id!'),
    })
    const { client } = setup({ networks, storage })
    expect(client.network.$activeNamespace.get()).toBe('solana')
    expect(client.network.$activeNetworks.get()).toEqual({
      eip155: expect.objectContaining({ id: 'eip155:31338' }),
      solana: expect.objectContaining({ id: SOLANA_MAIN.id }),
    })
  })

  it('owns its storage keys: another feature claiming one is refused', () => {
    for (const key of ['active_namespace', 'active_caip_network_id']) {
      expect(claimStorageKey(key)).toThrow(`Storage key ${key} is claimed by network and squatter`)
    }
  })
})

describe('a wallet on a chain the app does not list', () => {
  it('opens UnsupportedChain over the view the user had open', async () => {
    const { client, wallet, connect } = setup()
    await connect()
    client.modal.open({ view: 'Account' })
    wallet.emit('chainChanged', '0x7a6b') // 31339
    expect(client.modal.$open.get()).toBe(true)
    expect(client.modal.$view.get().view).toBe('UnsupportedChain')
  })

  it('opens UnsupportedChain again after the user closed it and the wallet came and went', async () => {
    const { client, wallet, connect } = setup()
    await connect()
    wallet.emit('chainChanged', '0x7a6b')
    client.modal.close()
    wallet.emit('chainChanged', '0x7a69') // 31337, listed
    expect(client.modal.$open.get()).toBe(false)
    wallet.emit('chainChanged', '0x7a6b')
    expect(client.modal.$open.get()).toBe(true)
    expect(client.modal.$view.get().view).toBe('UnsupportedChain')
  })

  it('leaves an UnsupportedChain view already on screen as it is', async () => {
    const { client, wallet, connect } = setup()
    await connect()
    client.modal.open({ view: 'Account' })
    client.modal.push('UnsupportedChain')
    wallet.emit('chainChanged', '0x7a6b')
    expect(client.modal.$stack.get().map((entry) => entry.view)).toEqual([
      'Account',
      'UnsupportedChain',
    ])
  })

  it('back on a listed chain, a view the user opened since stays open', async () => {
    const { client, wallet, connect } = setup()
    await connect()
    wallet.emit('chainChanged', '0x7a6b')
    client.modal.close()
    client.modal.open({ view: 'Account' })
    wallet.emit('chainChanged', '0x7a6a') // 31338, listed
    expect(client.modal.$open.get()).toBe(true)
    expect(client.modal.$view.get().view).toBe('Account')
  })

  it('opens nothing when the app turned network switching off', async () => {
    const { client, wallet, connect } = setup({ enableNetworkSwitch: false })
    await connect()
    wallet.emit('chainChanged', '0x7a6b')
    expect(client.network.$isUnsupportedChain.get()).toBe(true)
    expect(client.modal.$open.get()).toBe(false)
  })
})
