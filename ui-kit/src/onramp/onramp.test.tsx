import { createFakeWallet } from '@portico/core/testing'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Modal } from '../modal/Modal.js'
import { createTestClient, renderWithClient } from '../test/render.js'

const RDNS = 'dev.portico.fake'
const USDC = '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35'
const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  vi.restoreAllMocks()
})

const OPTIONS = {
  purchaseCurrencies: [
    {
      id: 'usdc-id',
      name: 'USD Coin',
      symbol: 'USDC',
      networks: [
        { name: 'devnet', display_name: 'Devnet', chain_id: '31337', contract_address: USDC },
      ],
    },
    {
      id: 'eth-id',
      name: 'Ethereum',
      symbol: 'ETH',
      networks: [
        { name: 'devnet', display_name: 'Devnet', chain_id: '31337', contract_address: '' },
      ],
    },
  ],
  paymentCurrencies: [
    {
      id: 'USD',
      payment_method_limits: [
        { id: 'card', min: '10.00', max: '7500.00' },
        { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
      ],
    },
  ],
}

/** The on-ramp service at the edge; `quoteDown` answers the quote with a 503. */
function service({ quoteDown = false, optionsDown = false } = {}): typeof fetch {
  return async (input, init) => {
    const url = new URL(String(input))
    if (url.pathname === '/v1/supported-chains') return Response.json({ http: ['eip155:31337'] })
    if (url.pathname === '/v1/onramp/options') {
      return optionsDown
        ? Response.json({ error: 'down' }, { status: 503 })
        : Response.json(OPTIONS)
    }
    if (url.pathname === '/v1/onramp/quote') {
      if (quoteDown) return Response.json({ error: 'down' }, { status: 503 })
      const { amount } = JSON.parse(String(init?.body))
      const total = Number(amount)
      return Response.json({
        quoteId: '927c2a0f-0000-4000-8000-000000000000',
        paymentTotal: { amount: total.toFixed(2), currency: 'USD' },
        coinbaseFee: { amount: '0.75', currency: 'USD' },
        networkFee: { amount: '0.24', currency: 'USD' },
        paymentSubtotal: { amount: (total - 0.99).toFixed(2), currency: 'USD' },
        purchaseAmount: { amount: (total - 0.99).toFixed(2), currency: 'USDC' },
      })
    }
    if (url.pathname === '/v1/generators/onrampurl') {
      // A hostile or wrong API: a checkout on a lookalike of Coinbase's host.
      return Response.json({ url: 'https://pay.coinbase.com.evil.example/buy', sessionId: 's-1' })
    }
    if (url.pathname.endsWith('/history')) return Response.json({ data: [], next: null })
    if (url.pathname.endsWith('/balance')) return Response.json({ balances: [] })
    if (url.pathname.startsWith('/v1/identity/')) return Response.json({ name: null, avatar: null })
    const body = JSON.parse(String(init?.body ?? '{}'))
    return Response.json({ jsonrpc: '2.0', id: body.id, result: '0x0' })
  }
}

async function openBuy(fetch: typeof globalThis.fetch) {
  stops.push(createFakeWallet().announce(window, { name: 'Fake Wallet', rdns: RDNS }))
  const client = createTestClient({ fetch })
  client.connectors.startDiscovery()
  await client.connection.connect({ connectorId: RDNS })
  renderWithClient(<Modal />, { client })
  act(() => client.modal.open({ view: 'Account' }))
  const actions = within(screen.getByRole('navigation', { name: 'Wallet actions' }))
  fireEvent.click(actions.getByRole('button', { name: 'Buy' }))
  screen.getByRole('dialog', { name: 'Buy crypto' })
  await screen.findByLabelText('Amount (USD)', {}, { timeout: 5000 })
  return client
}

// The first render of a view waits for the on-ramp's code and the options (fetch on use).
vi.setConfig({ testTimeout: 20_000 })

describe('the on-ramp views', () => {
  it('offers Buy first among the wallet actions (onramp, swaps, receive, send)', async () => {
    stops.push(createFakeWallet().announce(window, { name: 'Fake Wallet', rdns: RDNS }))
    const client = createTestClient({ fetch: service() })
    client.connectors.startDiscovery()
    await client.connection.connect({ connectorId: RDNS })
    renderWithClient(<Modal />, { client })
    act(() => client.modal.open({ view: 'Account' }))
    const buttons = within(screen.getByRole('navigation', { name: 'Wallet actions' }))
      .getAllByRole('button')
      .map((button) => button.textContent)
    expect(buttons[0]).toBe('Buy')
    expect(buttons.indexOf('Receive')).toBeLessThan(buttons.indexOf('Send'))
  })

  it('hides Buy when the app turns the on-ramp off', async () => {
    stops.push(createFakeWallet().announce(window, { name: 'Fake Wallet', rdns: RDNS }))
    const client = createTestClient({ fetch: service(), features: { onramp: false } })
    client.connectors.startDiscovery()
    await client.connection.connect({ connectorId: RDNS })
    renderWithClient(<Modal />, { client })
    act(() => client.modal.open({ view: 'Account' }))
    const nav = within(screen.getByRole('navigation', { name: 'Wallet actions' }))
    expect(nav.queryByRole('button', { name: 'Buy' })).toBeNull()
  })

  it('shows the asset, the limits, the amount checks and the quote with its fees', async () => {
    await openBuy(service())
    expect(
      (screen.getByLabelText('Asset') as HTMLSelectElement).selectedOptions[0]?.textContent,
    ).toBe('USDC (USD Coin)')
    screen.getByText('Delivered on Devnet')
    screen.getByText('From 10.00 to 7500.00 USD')
    const amount = screen.getByLabelText('Amount (USD)')
    fireEvent.change(amount, { target: { value: '9.99' } })
    expect((await screen.findByRole('alert')).textContent).toBe('The minimum is 10.00 USD')
    expect(amount.getAttribute('aria-invalid')).toBe('true')
    fireEvent.change(amount, { target: { value: '7500.01' } })
    expect(screen.getByRole('alert').textContent).toBe('The maximum is 7500.00 USD')
    fireEvent.change(amount, { target: { value: '12.345' } })
    expect(screen.getByRole('alert').textContent).toBe('Use at most 2 decimals')

    fireEvent.change(screen.getByLabelText('Payment method'), {
      target: { value: 'ach_bank_account' },
    })
    screen.getByText('From 10.00 to 25000.00 USD')
    fireEvent.change(screen.getByLabelText('Payment method'), { target: { value: 'card' } })

    fireEvent.change(amount, { target: { value: '50' } })
    expect(screen.queryByRole('alert')).toBeNull()
    const quote = within(screen.getByRole('region', { name: 'Quote' }))
    await waitFor(() => quote.getByText('49.01 USDC'), { timeout: 5000 })
    quote.getByText('50.00 USD')
    quote.getByText('0.75 USD')
    quote.getByText('0.24 USD')
    expect(quote.queryByRole('note')).toBeNull()
    screen.getByText('Coinbase, fee 1-2%')
  })

  it('tells the user the quote is an estimate when the quote service fails', async () => {
    await openBuy(service({ quoteDown: true }))
    fireEvent.change(screen.getByLabelText('Amount (USD)'), { target: { value: '100' } })
    const quote = within(screen.getByRole('region', { name: 'Quote' }))
    const note = await waitFor(() => quote.getByRole('note'), { timeout: 5000 })
    expect(note.textContent).toBe(
      'This is an estimate: the quote service could not be reached. The provider shows the final price.',
    )
    quote.getByText('100.00 USD')
  })

  it('falls back to the built-in options and says so when the options call fails', async () => {
    stops.push(createFakeWallet().announce(window, { name: 'Fake Wallet', rdns: RDNS }))
    const client = createTestClient({ fetch: service({ optionsDown: true }) })
    client.connectors.startDiscovery()
    await client.connection.connect({ connectorId: RDNS })
    renderWithClient(<Modal />, { client })
    act(() => client.modal.open({ view: 'OnRampBuy' }))
    await screen.findByText(
      'Showing the default list: the options could not be loaded.',
      {},
      { timeout: 5000 },
    )
    // The built-in list sells on chains 1 and 137 only: nothing on the devnet chain.
    screen.getByText('Nothing can be bought on this network')
  })

  it('lists the providers with their fees and chooses one', async () => {
    await openBuy(service())
    fireEvent.click(screen.getByRole('button', { name: 'Change provider' }))
    screen.getByRole('dialog', { name: 'Choose a provider' })
    fireEvent.click(screen.getByRole('button', { name: 'Meld, fee 1-2%' }))
    await screen.findByText('Meld, fee 1-2%')
    screen.getByRole('dialog', { name: 'Buy crypto' })
  })

  it('says so when the browser blocks the provider window, with a way back', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    await openBuy(service())
    fireEvent.change(screen.getByLabelText('Amount (USD)'), { target: { value: '50' } })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(open).toHaveBeenCalledTimes(1)
    screen.getByRole('dialog', { name: 'Your purchase' })
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain(
      'Your browser blocked the provider window. Allow pop-ups and try again.',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Back to the order' }))
    screen.getByRole('dialog', { name: 'Buy crypto' })
    expect((screen.getByLabelText('Amount (USD)') as HTMLInputElement).value).toBe('50')
  })

  it('says the checkout the service named is not a known provider, and never opens it', async () => {
    const window_ = { closed: false, location: { replace: vi.fn() }, focus() {}, close: vi.fn() }
    vi.spyOn(window, 'open').mockReturnValue(window_ as unknown as Window)
    await openBuy(service())
    fireEvent.change(screen.getByLabelText('Amount (USD)'), { target: { value: '50' } })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 })
    expect(alert.textContent).toContain(
      'The checkout page is on https://pay.coinbase.com.evil.example, which is not a known provider. Nothing was opened there.',
    )
    expect(window_.location.replace).not.toHaveBeenCalled()
    expect(window_.close).toHaveBeenCalled()
  })

  it('keeps an order without an amount on the form, saying why', async () => {
    const open = vi.spyOn(window, 'open')
    await openBuy(service())
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Enter the amount to pay')
    expect(open).not.toHaveBeenCalled()
    screen.getByRole('dialog', { name: 'Buy crypto' })
  })
})
