import type { ViewName } from '@portico/core'
import { createFakeWallet, TEST_ACCOUNTS } from '@portico/core/testing'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Modal } from './modal/Modal.js'
import { createTestClient, renderWithClient } from './test/render.js'

const RDNS = 'dev.portico.fake'
const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

const usdc = {
  name: 'USD Coin',
  symbol: 'USDC',
  chainId: 'eip155:31337',
  address: 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3',
  value: 100,
  price: 1,
  quantity: { decimals: '6', numeric: '100' },
  iconUrl: '',
}

/** Blockchain API and chain RPC at the edge: one token, and `alice.reown.id` registered. */
const api: typeof fetch = async (input, init) => {
  const url = new URL(String(input))
  if (url.pathname === '/v1/supported-chains') return Response.json({ http: ['eip155:31337'] })
  if (url.pathname.endsWith('/balance')) return Response.json({ balances: [usdc] })
  if (url.pathname === '/v1/profile/account/alice.reown.id') {
    return Response.json({
      name: 'alice.reown.id',
      addresses: { '60': { address: TEST_ACCOUNTS[1] } },
    })
  }
  if (url.pathname.startsWith('/v1/profile/account/'))
    return Response.json({ error: 'not found' }, { status: 404 })
  if (url.pathname.startsWith('/v1/profile/suggestions/')) {
    return Response.json({
      suggestions: [
        { name: 'alice.reown.id', registered: true },
        { name: 'alice1.reown.id', registered: false },
      ],
    })
  }
  if (url.pathname.startsWith('/v1/identity/')) return Response.json({ name: null, avatar: null })
  const body = JSON.parse(String(init?.body ?? '{}'))
  return Response.json({ jsonrpc: '2.0', id: body.id, result: '0x0' })
}

async function connectedModal(view: ViewName) {
  stops.push(createFakeWallet().announce(window, { name: 'Fake Wallet', rdns: RDNS }))
  const client = createTestClient({ fetch: api })
  client.connectors.startDiscovery()
  await client.connection.connect({ connectorId: RDNS })
  await client.balances.fetchTokenBalances()
  renderWithClient(<Modal />, { client })
  act(() => client.modal.open({ view: 'Account' }))
  if (view !== 'Account') act(() => client.modal.push(view))
  return client
}

describe('WalletSend', () => {
  it('picks a token, validates the amount and resolves a name', async () => {
    const client = await connectedModal('Account')
    fireEvent.click(
      within(screen.getByRole('navigation', { name: 'Wallet actions' })).getByRole('button', {
        name: 'Send',
      }),
    )
    screen.getByRole('dialog', { name: 'Send' })
    fireEvent.click(screen.getByRole('button', { name: 'Select a token' }))
    fireEvent.click(
      within(screen.getByRole('list', { name: 'Tokens' })).getByRole('button', { name: 'USDC' }),
    )
    screen.getByRole('button', { name: 'Token: USDC' })

    const amount = screen.getByLabelText('Amount')
    for (const [typed, message] of [
      ['-5', 'Enter an amount above zero'],
      ['0', 'Enter an amount above zero'],
      ['ten', 'Enter the amount as a number, like 12.5'],
      ['1.1234567', 'This token has at most 6 decimals'],
      ['100.01', 'The amount is more than your balance'],
    ] as const) {
      fireEvent.change(amount, { target: { value: typed } })
      expect(screen.getByRole('alert').textContent).toBe(message)
      expect(amount.getAttribute('aria-invalid')).toBe('true')
    }
    fireEvent.click(screen.getByRole('button', { name: 'Max' }))
    expect((amount as HTMLInputElement).value).toBe('100')
    expect(screen.queryByRole('alert')).toBeNull()

    const receiver = screen.getByLabelText('To (address or name)')
    for (const [typed, message] of [
      ['0x1234', 'Enter a valid address or name'],
      ['bob', 'A name needs at least 4 characters, using only letters, digits and hyphens'],
      ['al ice', 'A name needs at least 4 characters, using only letters, digits and hyphens'],
      ['ali🙂ce', 'A name needs at least 4 characters, using only letters, digits and hyphens'],
      ['ali\u200fce', 'A name needs at least 4 characters, using only letters, digits and hyphens'],
    ]) {
      fireEvent.change(receiver, { target: { value: typed } })
      expect(screen.getByRole('alert').textContent).toBe(message)
    }
    fireEvent.change(receiver, { target: { value: 'alice.reown.id' } })
    await screen.findByText('Sends to 0x70…dc79C8')
    expect(client.send.$state.get().resolved?.address).toBe(TEST_ACCOUNTS[1])

    fireEvent.change(receiver, { target: { value: 'nobody.reown.id' } })
    await screen.findByText('No address is registered for this name')
  })

  it("refuses to review an empty form with the spec's message", async () => {
    await connectedModal('WalletSend')
    fireEvent.click(screen.getByRole('button', { name: 'Review' }))
    await screen.findByText('An amount and receiver address are required')
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '1' } })
    fireEvent.change(screen.getByLabelText('To (address or name)'), {
      target: { value: TEST_ACCOUNTS[1] },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Review' }))
    await screen.findByText('A token is required')
  })
})

describe('RegisterAccountName', () => {
  it('checks the name live and offers available suggestions', async () => {
    await connectedModal('RegisterAccountName')
    const input = screen.getByLabelText('Name')
    fireEvent.change(input, { target: { value: 'bob' } })
    expect(screen.getByRole('alert').textContent).toMatch(/at least 4 characters/)
    expect(screen.getByRole('button', { name: 'Register name' })).toHaveProperty('disabled', true)
    fireEvent.change(input, { target: { value: 'alice' } })
    await screen.findByText('Taken')
    const suggestions = await screen.findByRole('list', { name: 'Suggestions' })
    fireEvent.click(within(suggestions).getByRole('button', { name: 'alice1.reown.id' }))
    expect((input as HTMLInputElement).value).toBe('alice1.reown.id')
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Register name' })).toHaveProperty(
        'disabled',
        false,
      ),
    )
  })
})

describe('WalletReceive and Transactions', () => {
  it('shows the address with its QR code and the networks', async () => {
    await connectedModal('WalletReceive')
    screen.getByText(TEST_ACCOUNTS[0])
    await screen.findByRole('img', { name: 'QR code of your address' })
    const networks = screen.getByRole('list', { name: 'You can receive on' })
    expect(
      within(networks)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Devnet', 'Devnet L2'])
  })
})
