import { createMemoryStorage } from '@portico/core'
import { createFakeWallet, type FakeWallet, TEST_ACCOUNTS } from '@portico/core/testing'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Modal } from './modal/Modal.js'
import { createTestClient, renderWithClient } from './test/render.js'

const RDNS = 'dev.portico.fake'
const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

function announce(
  wallet: FakeWallet = createFakeWallet(),
  name = 'Fake Wallet',
  rdns = RDNS,
  icon?: string,
) {
  stops.push(wallet.announce(window, { name, rdns, icon }))
  return wallet
}

/** Chain RPC and Blockchain API at the edge: 1.5 ETH, and a name for the first account. */
const chainAndApi: typeof fetch = async (input, init) => {
  const url = new URL(String(input))
  if (url.pathname.startsWith('/v1/identity/')) {
    return Response.json({ name: 'alice.reown.id', avatar: 'https://img.test/alice.png' })
  }
  const body = JSON.parse(String(init?.body ?? '{}'))
  return Response.json({ jsonrpc: '2.0', id: body.id, result: '0x14d1120d7b160000' })
}

function openModal(client = createTestClient({ fetch: chainAndApi })) {
  const result = renderWithClient(<Modal />, { client })
  act(() => client.modal.open())
  return result
}

describe('Connect view', () => {
  it('lists wallets as buttons named by the wallet, icons as decorative images', () => {
    announce(createFakeWallet(), 'Fake Wallet', RDNS, 'data:image/svg+xml;base64,PHN2Zy8+')
    openModal()
    const list = screen.getByRole('list', { name: 'Wallets' })
    const button = within(list).getByRole('button', { name: 'Fake Wallet' })
    const img = button.querySelector('img')
    expect(img?.getAttribute('alt')).toBe('')
    expect(img?.getAttribute('src')).toBe('data:image/svg+xml;base64,PHN2Zy8+')
  })

  it('renders a wallet name full of markup as text and drops a script icon', () => {
    announce(
      createFakeWallet(),
      '<img src=x onerror=alert(1)>Evil',
      'com.evil',
      'javascript:alert(1)',
    )
    openModal()
    const button = screen.getByRole('button', { name: '<img src=x onerror=alert(1)>Evil' })
    expect(button.querySelector('img')).toBeNull()
  })

  it('connects through ConnectingExternal and closes the modal', async () => {
    announce()
    const { client } = openModal()
    fireEvent.click(screen.getByRole('button', { name: 'Fake Wallet' }))
    // The first connection of the file also loads the EVM adapter's code: allow for a busy machine.
    await waitFor(() => expect(client.modal.$open.get()).toBe(false), { timeout: 5_000 })
    expect(client.account.$account.get().address).toBe(TEST_ACCOUNTS[0])
  })

  it('offers a retry after the wallet refuses, which then connects', async () => {
    const wallet = announce()
    wallet.override('eth_requestAccounts', () => {
      throw { code: 4001, message: 'User rejected the request.' }
    })
    const storage = createMemoryStorage()
    const { client } = openModal(createTestClient({ fetch: chainAndApi, storage }))
    fireEvent.click(screen.getByRole('button', { name: 'Fake Wallet' }))
    await screen.findByText('Connection declined')
    expect(screen.getByRole('dialog', { name: 'Connecting' })).toBeTruthy()
    expect(storage.getItem('@portico/connected_connector_id')).toBeNull()
    wallet.reset('eth_requestAccounts')
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(client.account.$account.get().status).toBe('connected'))
  })

  it('marks the recent wallet and lists it first', async () => {
    announce(createFakeWallet(), 'Alpha', 'com.alpha')
    announce(createFakeWallet(), 'Beta', 'com.beta')
    const client = createTestClient({ fetch: chainAndApi })
    client.connectors.startDiscovery()
    await client.connection.connect({ connectorId: 'com.beta' })
    await client.connection.disconnect()
    openModal(client)
    const buttons = within(screen.getByRole('list', { name: 'Wallets' })).getAllByRole('button')
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([
      'WalletConnect',
      'Beta',
      'Alpha',
    ])
    const description = document.getElementById(buttons[1]!.getAttribute('aria-describedby')!)
    expect(description?.textContent).toBe('Recent')
    expect(buttons[2]!.getAttribute('aria-describedby')).toBeNull()
  })
})

describe('Account view', () => {
  it('shows the name, avatar and balance; copies the address; disconnects back to Connect', async () => {
    const writeText = vi.fn(async () => {})
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    announce()
    const client = createTestClient({ fetch: chainAndApi })
    client.connectors.startDiscovery()
    await client.connection.connect({ connectorId: RDNS })
    openModal(client)
    screen.getByRole('dialog', { name: 'Account' })
    await screen.findByText('alice.reown.id')
    await screen.findByText('1.5 ETH')
    const dialog = screen.getByRole('dialog')
    expect(dialog.querySelector('img[src="https://img.test/alice.png"]')?.getAttribute('alt')).toBe(
      '',
    )
    expect(screen.getByRole('link', { name: 'View on explorer' }).getAttribute('href')).toBe(
      `https://devscan.test/address/${TEST_ACCOUNTS[0]}`,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Copy address' }))
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(TEST_ACCOUNTS[0]))
    await within(screen.getByRole('status', { name: 'Notifications' })).findByText('Address copied')

    fireEvent.click(screen.getByRole('button', { name: 'Network: Devnet' }))
    screen.getByRole('dialog', { name: 'Networks' })
    fireEvent.click(screen.getByRole('button', { name: 'Back' }))

    fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }))
    await screen.findByRole('dialog', { name: 'Connect wallet' })
    expect(client.account.$account.get().status).toBe('disconnected')
  })

  it('shows the truncated address when there is no name', async () => {
    announce()
    const client = createTestClient()
    client.connectors.startDiscovery()
    await client.connection.connect({ connectorId: RDNS })
    openModal(client)
    screen.getByText('0xf3…b92266')
  })
})

describe('Networks and UnsupportedChain views', () => {
  it('switches network from the list and goes back to Account', async () => {
    announce()
    const client = createTestClient({ fetch: chainAndApi })
    client.connectors.startDiscovery()
    await client.connection.connect({ connectorId: RDNS })
    openModal(client)
    fireEvent.click(screen.getByRole('button', { name: 'Network: Devnet' }))
    const list = screen.getByRole('list', { name: 'Networks' })
    expect(within(list).getByRole('button', { name: 'Devnet' }).getAttribute('aria-current')).toBe(
      'true',
    )
    fireEvent.click(within(list).getByRole('button', { name: 'Devnet L2' }))
    await screen.findByRole('dialog', { name: 'Account' })
    screen.getByRole('button', { name: 'Network: Devnet L2' })
  })

  it('says the wallet refused the switch and stays', async () => {
    const wallet = announce()
    wallet.override('wallet_switchEthereumChain', () => {
      throw { code: 4001, message: 'no' }
    })
    const client = createTestClient({ fetch: chainAndApi })
    client.connectors.startDiscovery()
    await client.connection.connect({ connectorId: RDNS })
    renderWithClient(<Modal />, { client })
    act(() => client.modal.open({ view: 'Networks' }))
    fireEvent.click(screen.getByRole('button', { name: 'Devnet L2' }))
    await screen.findByText('The network was not switched.')
    screen.getByRole('dialog', { name: 'Networks' })
  })

  it('opens on an unlisted chain and closes once the user switches to a listed one', async () => {
    const wallet = announce()
    const client = createTestClient({ fetch: chainAndApi })
    client.connectors.startDiscovery()
    await client.connection.connect({ connectorId: RDNS })
    renderWithClient(<Modal />, { client })
    act(() => wallet.emit('chainChanged', '0x7a6b'))
    screen.getByRole('dialog', { name: 'Switch network' })
    screen.getByText(/does not support your current network/)
    fireEvent.click(screen.getByRole('button', { name: 'Devnet' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(client.network.$activeNetwork.get().id).toBe('eip155:31337')
  })
})
