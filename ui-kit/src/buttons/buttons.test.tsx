import { createFakeWallet, TEST_ACCOUNTS } from '@portico/core/testing'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Modal } from '../modal/Modal.js'
import { createTestClient, renderWithClient } from '../test/render.js'
import { ConnectButton } from './ConnectButton.js'
import { NetworkButton } from './NetworkButton.js'

const RDNS = 'dev.portico.fake'
const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

/** Chain RPC and Blockchain API at the edge: 1.5 ETH, and a name with an avatar. */
const chainAndApi: typeof fetch = async (input, init) => {
  const url = new URL(String(input))
  if (url.pathname.startsWith('/v1/identity/')) {
    return Response.json({ name: 'alice.reown.id', avatar: 'https://img.test/alice.png' })
  }
  const body = JSON.parse(String(init?.body ?? '{}'))
  return Response.json({ jsonrpc: '2.0', id: body.id, result: '0x14d1120d7b160000' })
}

async function connected(fetch?: typeof globalThis.fetch) {
  const wallet = createFakeWallet()
  stops.push(wallet.announce(window, { name: 'Fake Wallet', rdns: RDNS }))
  const client = createTestClient(fetch ? { fetch } : {})
  client.connectors.startDiscovery()
  await client.connection.connect({ connectorId: RDNS })
  return { client, wallet }
}

describe('<ConnectButton>', () => {
  it('says "Connect wallet" while disconnected and opens Connect', () => {
    const { client } = renderWithClient(
      <>
        <ConnectButton />
        <Modal />
      </>,
    )
    const button = screen.getByRole('button', { name: 'Connect wallet' })
    expect(button.getAttribute('aria-haspopup')).toBe('dialog')
    expect(button.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(button)
    screen.getByRole('dialog', { name: 'Connect wallet' })
    expect(client.modal.$view.get().view).toBe('Connect')
    expect(button.getAttribute('aria-expanded')).toBe('true')
  })

  it('once connected shows the avatar, the name and the balance, and opens Account', async () => {
    const { client } = await connected(chainAndApi)
    renderWithClient(
      <>
        <ConnectButton />
        <Modal />
      </>,
      { client },
    )
    const button = await screen.findByRole('button', { name: 'Account alice.reown.id 1.5 ETH' })
    expect(button.querySelector('img')?.getAttribute('src')).toBe('https://img.test/alice.png')
    expect(button.querySelector('img')?.getAttribute('alt')).toBe('')
    fireEvent.click(button)
    screen.getByRole('dialog', { name: 'Account' })
  })

  it('shows the short address when the account has no name', async () => {
    const { client } = await connected()
    renderWithClient(<ConnectButton />, { client })
    const button = screen.getByRole('button', { name: /^Account 0xf3…b92266/ })
    expect(button.querySelector('img')).toBeNull()
  })

  it('renders the app element with asChild, chaining its handlers', () => {
    const onClick = vi.fn()
    const { client } = renderWithClient(
      <ConnectButton asChild>
        <button type="button" className="app-button" onClick={onClick}>
          Wallet
        </button>
      </ConnectButton>,
    )
    const link = screen.getByRole('button', { name: 'Wallet' })
    expect(link.className).toBe('app-button')
    expect(link.parentElement?.tagName).not.toBe('BUTTON')
    fireEvent.click(link)
    expect(onClick).toHaveBeenCalledOnce()
    expect(client.modal.$open.get()).toBe(true)
    expect(link.dataset.state).toBe('open')
  })

  it('hands its state to a render function', async () => {
    const { client } = await connected()
    renderWithClient(
      <ConnectButton>
        {(state) => (
          <button type="button" onClick={state.open}>
            {state.isConnected ? `Me: ${state.displayName}` : 'Sign in'} ({state.view})
          </button>
        )}
      </ConnectButton>,
      { client },
    )
    fireEvent.click(screen.getByRole('button', { name: 'Me: 0xf3…b92266 (Account)' }))
    expect(client.modal.$view.get().view).toBe('Account')
    expect(client.account.$account.get().address).toBe(TEST_ACCOUNTS[0])
  })

  it('does not open when the app prevents the click', () => {
    const { client } = renderWithClient(
      <ConnectButton onClick={(event) => event.preventDefault()} />,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Connect wallet' }))
    expect(client.modal.$open.get()).toBe(false)
  })
})

describe('<NetworkButton>', () => {
  it('shows the active network and opens Networks', () => {
    const { client } = renderWithClient(
      <>
        <NetworkButton />
        <Modal />
      </>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Network Devnet' }))
    screen.getByRole('dialog', { name: 'Networks' })
    expect(client.modal.$view.get().view).toBe('Networks')
  })

  it('follows the wallet to another network, and says when that network is not supported', async () => {
    const { client, wallet } = await connected(chainAndApi)
    renderWithClient(<NetworkButton />, { client })
    act(() => wallet.emit('chainChanged', '0x7a6a'))
    await screen.findByRole('button', { name: 'Network Devnet L2' })
    act(() => wallet.emit('chainChanged', '0x7a6b'))
    const button = await screen.findByRole('button', { name: 'Unsupported network' })
    act(() => client.modal.close())
    fireEvent.click(button)
    await waitFor(() => expect(client.modal.$view.get().view).toBe('UnsupportedChain'))
  })

  it('renders the app element with asChild, and a render function', () => {
    renderWithClient(
      <>
        <NetworkButton asChild>
          <button type="button">Chain</button>
        </NetworkButton>
        <NetworkButton>{(state) => <p>On {state.network.name}</p>}</NetworkButton>
      </>,
    )
    expect(screen.getByRole('button', { name: 'Chain' }).dataset.state).toBe('closed')
    screen.getByText('On Devnet')
  })
})
