import type { ChainNamespace } from '@portico/core'
import type { AdapterLoaders } from '@portico/core/test-seams'
import { createFakeWallet, TEST_ACCOUNTS } from '@portico/core/testing'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Modal } from '../modal/Modal.js'
import { createTestClient, networks, renderWithClient } from '../test/render.js'
import { groupByNamespace } from './NetworkList.js'

const RDNS = 'dev.portico.fake'
const SOLANA = {
  id: 'solana:8eRXQkZRbsigXb4zuUASq8R3mfJCH3FP',
  name: 'Devnet Solana',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { http: ['http://127.0.0.1:8899'] },
} as const
const SOLANA_ADDRESS = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

/**
 * A Solana adapter that connects at once: what these tests look at is the views around several
 * connections, not the adapter (tested on the devnet in integration/multichain.int.test.ts).
 */
const instantSolana: NonNullable<AdapterLoaders[ChainNamespace]> = async () => ({
  namespace: 'solana',
  isAddress: (value) => value === SOLANA_ADDRESS,
  connection: {
    connect: async () => ({ addresses: [SOLANA_ADDRESS], chainReference: SOLANA.id.slice(7) }),
    reconnect: async () => undefined,
    disconnect: async () => undefined,
    subscribe: () => () => undefined,
  },
})

async function setup({ multichain = true } = {}) {
  stops.push(createFakeWallet().announce(window, { name: 'Fake Wallet', rdns: RDNS }))
  const client = createTestClient({
    networks: multichain ? [...networks, SOLANA] : networks,
    adapters: { solana: instantSolana },
    connectors: [
      {
        id: 'sol',
        name: 'Sol Wallet',
        chain: 'solana',
        wallet: {
          version: '1.0.0',
          name: 'Sol Wallet',
          icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>',
          chains: [SOLANA.id],
          features: {},
          accounts: [],
        },
      },
    ],
  })
  stops.push(() => client.destroy())
  client.connectors.startDiscovery()
  await client.connection.connect({ connectorId: RDNS })
  renderWithClient(<Modal />, { client })
  act(() => client.modal.open())
  await screen.findByRole('dialog', { name: 'Account' })
  return client
}

const chains = () => screen.getByRole('region', { name: 'Chains' })
const pressed = (name: RegExp) =>
  within(chains()).getByRole('button', { name }).getAttribute('aria-pressed')

// The first test of the file also loads the EVM adapter's code: allow for a busy machine.
describe('the namespace switcher in the Account view', { timeout: 20_000 }, () => {
  it('is absent for an app of one namespace, whose Networks list stays one list', async () => {
    await setup({ multichain: false })
    expect(screen.queryByRole('region', { name: 'Chains' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Network: Devnet' }))
    screen.getByRole('list', { name: 'Networks' })
  })

  it('shows each namespace with its account or "Not connected", the active one pressed', async () => {
    await setup()
    expect(within(chains()).getByRole('button', { name: 'EVM 0xf3…b92266' })).toBeTruthy()
    expect(within(chains()).getByRole('button', { name: 'Solana Not connected' })).toBeTruthy()
    expect(pressed(/^EVM/)).toBe('true')
    expect(pressed(/^Solana/)).toBe('false')
    // Only a connected namespace can be disconnected alone.
    expect(within(chains()).getByRole('button', { name: 'Disconnect EVM' })).toBeTruthy()
    expect(within(chains()).queryByRole('button', { name: 'Disconnect Solana' })).toBeNull()
  })

  it('opens Connect for a namespace with no wallet, then switches both ways once connected', async () => {
    const client = await setup()
    fireEvent.click(within(chains()).getByRole('button', { name: /^Solana/ }))
    await screen.findByRole('dialog', { name: 'Connect wallet' })
    fireEvent.click(screen.getByRole('button', { name: 'Sol Wallet' }))
    await waitFor(() => expect(client.modal.$open.get()).toBe(false))
    act(() => client.modal.open())
    await screen.findByRole('dialog', { name: 'Account' })
    expect(pressed(/^Solana/)).toBe('true')
    screen.getByRole('button', { name: 'Solana oeYf…A9kq96' })
    fireEvent.click(within(chains()).getByRole('button', { name: /^EVM/ }))
    expect(pressed(/^EVM/)).toBe('true')
    expect(client.account.$account.get().address).toBe(TEST_ACCOUNTS[0])
    fireEvent.click(within(chains()).getByRole('button', { name: /^Solana/ }))
    expect(pressed(/^Solana/)).toBe('true')
    expect(client.account.$account.get().address).toBe(SOLANA_ADDRESS)
  })

  it('disconnects one namespace: the other stays connected and becomes active', async () => {
    const client = await setup()
    await act(() => client.connection.connect({ connectorId: 'sol' }))
    act(() => client.modal.open())
    fireEvent.click(await screen.findByRole('button', { name: 'Disconnect Solana' }))
    await within(chains()).findByRole('button', { name: 'Solana Not connected' })
    expect(pressed(/^EVM/)).toBe('true')
    expect(client.account.$account.get().address).toBe(TEST_ACCOUNTS[0])
    screen.getByRole('dialog', { name: 'Account' })
  })

  it('shows no Send for an account whose namespace cannot send', async () => {
    const client = await setup()
    const actions = () => screen.getByRole('navigation', { name: 'Wallet actions' })
    within(actions()).getByRole('button', { name: 'Send' })
    await act(() => client.connection.connect({ connectorId: 'sol' }))
    act(() => client.modal.open())
    // Solana sends too.
    within(actions()).getByRole('button', { name: 'Send' })
  })
})

describe('the Networks view of several namespaces', () => {
  it('groups networks by namespace, each list named after it', async () => {
    await setup()
    fireEvent.click(screen.getByRole('button', { name: 'Network: Devnet' }))
    const evm = screen.getByRole('list', { name: 'EVM networks' })
    expect(within(evm).getAllByRole('button')).toHaveLength(2)
    expect(within(evm).getAllByRole('button')[0]?.getAttribute('aria-current')).toBe('true')
    within(evm).getByRole('button', { name: /^D?Devnet$/ })
    within(evm).getByRole('button', { name: /^D?Devnet L2$/ })
    const solana = screen.getByRole('list', { name: 'Solana networks' })
    expect(within(solana).getAllByRole('button')).toHaveLength(1)
    within(solana).getByRole('button', { name: /^D?Devnet Solana$/ })
  })

  it('picking a network of a namespace with no wallet goes on to Connect', async () => {
    const client = await setup()
    fireEvent.click(screen.getByRole('button', { name: 'Network: Devnet' }))
    fireEvent.click(
      within(screen.getByRole('list', { name: 'Solana networks' })).getByRole('button', {
        name: 'Devnet Solana',
      }),
    )
    await screen.findByRole('dialog', { name: 'Connect wallet' })
    expect(client.network.$activeNamespace.get()).toBe('solana')
  })
})

describe('groupByNamespace', () => {
  it('keeps the order of each namespace’s first network and of networks within it', () => {
    const [a, b] = networks
    const groups = groupByNamespace([a, SOLANA, b])
    expect(groups.map((g) => [g.namespace, g.networks.map((n) => n.id)])).toEqual([
      ['eip155', ['eip155:31337', 'eip155:31338']],
      ['solana', [SOLANA.id]],
    ])
    expect(groupByNamespace([])).toEqual([])
  })
})
