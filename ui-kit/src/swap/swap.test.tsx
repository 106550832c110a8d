import { createFakeWallet, TEST_ACCOUNTS } from '@portico/core/testing'
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Modal } from '../modal/Modal.js'
import { createTestClient, renderWithClient } from '../test/render.js'

// A shared machine: the quote waits 400 ms and the views load their code; give both room.
configure({ asyncUtilTimeout: 10_000 })

const RDNS = 'dev.portico.fake'
const CHAIN = 'eip155:31337'
const ETH = `${CHAIN}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`
const USDC = `${CHAIN}:0x5FbDB2315678afecb367f032d93F642f64180aa3`
/** The router the app names in its options: the approval's spender. */
const ROUTER = '0x0C8E79F3534B00D9a3D4a856B665Bf4eBC22f2ba'
const word = (hex: string) => hex.replace(/^0x/, '').toLowerCase().padStart(64, '0')
/** What the swap API names as the approval's spender; a test makes it hostile. */
let spender = ROUTER
const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  spender = ROUTER
})

/** The Blockchain API at the edge: ETH and USDC, a pool paying 3000 USDC an ETH, no allowance. */
const api: typeof fetch = async (input, init) => {
  const url = new URL(String(input))
  const path = url.pathname
  if (path === '/v1/supported-chains') return Response.json({ http: [CHAIN] })
  if (path.endsWith('/balance')) {
    return Response.json({
      balances: [
        {
          name: 'USD Coin',
          symbol: 'USDC',
          chainId: CHAIN,
          address: USDC,
          value: 100,
          price: 1,
          quantity: { decimals: '6', numeric: '100' },
          iconUrl: '',
        },
      ],
    })
  }
  if (path === '/v1/convert/tokens') {
    return Response.json({
      tokens: [
        { name: 'Ether', symbol: 'ETH', address: ETH, decimals: 18, logoUri: '' },
        { name: 'USD Coin', symbol: 'USDC', address: USDC, decimals: 6, logoUri: '' },
        {
          name: 'Portico Token',
          symbol: 'PTK',
          address: `${CHAIN}:0x${'1'.repeat(40)}`,
          decimals: 18,
          logoUri: '',
        },
      ],
    })
  }
  if (path === '/v1/fungible/price') {
    return Response.json({
      fungibles: [
        { address: ETH, price: 3000 },
        { address: USDC, price: 1 },
      ],
    })
  }
  if (path === '/v1/convert/gas-price') {
    return Response.json({ standard: '1000000000', fast: '1', instant: '1' })
  }
  if (path === '/v1/convert/allowance') return Response.json({ allowance: '0' })
  if (path === '/v1/convert/quotes') {
    const amount = BigInt(url.searchParams.get('amount')!)
    const out =
      url.searchParams.get('from') === ETH
        ? (amount * 3000n) / 10n ** 12n
        : (amount * 10n ** 12n) / 3000n
    return Response.json({ quotes: [{ toAmount: out.toString() }] })
  }
  if (path === '/v1/convert/build-approve') {
    return Response.json({
      tx: {
        from: url.searchParams.get('from'),
        to: url.searchParams.get('to'),
        // approve(spender, amount)
        data: `0x095ea7b3${word(spender)}${word(BigInt(url.searchParams.get('amount')!).toString(16))}`,
      },
    })
  }
  if (path.startsWith('/v1/identity/')) return Response.json({ name: null, avatar: null })
  const body = JSON.parse(String(init?.body ?? '{}'))
  // The chain: a balance of 10 ETH for eth_getBalance, 6 for decimals() (USDC's), 0x0 else.
  const decimals = body.method === 'eth_call' && body.params?.[0]?.data === '0x313ce567'
  return Response.json({
    jsonrpc: '2.0',
    id: body.id,
    result:
      body.method === 'eth_getBalance' ? '0x8ac7230489e80000' : decimals ? `0x${word('6')}` : '0x0',
  })
}

async function connected(options: { swapChains?: number[] } = {}) {
  stops.push(createFakeWallet().announce(window, { name: 'Fake Wallet', rdns: RDNS }))
  const client = createTestClient({
    fetch: api,
    swaps: { chainIds: options.swapChains ?? [31337], routers: { 31337: [ROUTER] } },
  })
  client.connectors.startDiscovery()
  await client.connection.connect({ connectorId: RDNS })
  renderWithClient(<Modal />, { client })
  act(() => client.modal.open({ view: 'Account' }))
  return client
}

const walletActions = () =>
  within(screen.getByRole('navigation', { name: 'Wallet actions' }))
    .getAllByRole('button')
    .map((button) => button.textContent)

describe('Swap in the Account view', { timeout: 30_000 }, () => {
  it('comes in the wallet feature order: swaps, receive, send', async () => {
    await connected()
    const actions = walletActions()
    expect(actions.indexOf('Swap')).toBeGreaterThanOrEqual(0)
    expect(actions.indexOf('Swap')).toBeLessThan(actions.indexOf('Receive'))
    expect(actions.indexOf('Receive')).toBeLessThan(actions.indexOf('Send'))
  })

  it('is not offered off the swap networks', async () => {
    await connected({ swapChains: [] })
    expect(walletActions()).not.toContain('Swap')
    expect(walletActions()).toContain('Send')
  })
})

describe('the Swap views', { timeout: 30_000 }, () => {
  it('picks the token, quotes the amount, and reviews with the approval first', async () => {
    const client = await connected()
    expect(TEST_ACCOUNTS[0]).toBe(client.connection.$address.get())
    fireEvent.click(
      within(screen.getByRole('navigation', { name: 'Wallet actions' })).getByRole('button', {
        name: 'Swap',
      }),
    )
    const swap = await screen.findByRole('dialog', { name: 'Swap' })
    await within(swap).findByRole('button', { name: 'Pay with ETH' })

    fireEvent.click(within(swap).getByRole('button', { name: 'Choose the token to receive' }))
    const picker = await screen.findByRole('dialog', { name: 'Select token' })
    // The user's tokens come with their balances, which may arrive after the picker opens.
    await within(picker).findByRole('heading', { level: 3, name: 'Your tokens' })
    // Yours first (USDC), then the suggested ones not already shown (ETH), then the rest (PTK).
    expect(
      within(picker)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Your tokens', 'Suggested', 'More tokens'])
    fireEvent.change(within(picker).getByRole('searchbox'), { target: { value: 'portico' } })
    expect(
      within(picker)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toContain('PTK')
    expect(within(picker).queryByRole('button', { name: 'USDC' })).toBeNull()
    fireEvent.change(within(picker).getByRole('searchbox'), { target: { value: '' } })
    fireEvent.click(within(picker).getByRole('button', { name: 'USDC' }))

    const form = await screen.findByRole('dialog', { name: 'Swap' })
    await within(form).findByRole('button', { name: 'Receive USDC' })
    fireEvent.click(within(form).getByRole('button', { name: 'Switch the tokens' }))
    await within(form).findByRole('button', { name: 'Pay with USDC' })
    const amount = within(form).getByLabelText('You pay')
    fireEvent.change(amount, { target: { value: '150' } })
    await within(form).findByText('Insufficient USDC balance')
    await waitFor(() =>
      expect(within(form).getByRole('status', { name: 'You receive' }).textContent).toBe('0.05'),
    )
    expect(within(form).getByRole('button', { name: 'Review' })).toHaveProperty('disabled', true)

    fireEvent.change(amount, { target: { value: '30.0000001' } })
    await within(form).findByText('This token has at most 6 decimals')
    fireEvent.change(amount, { target: { value: '30' } })
    await waitFor(() =>
      expect(within(form).getByRole('status', { name: 'You receive' }).textContent).toBe('0.01'),
    )
    within(form).getByText('1 USDC = 0.000333 ETH')
    within(form).getByText('0.0099 ETH') // the minimum received with the 1 % slippage tolerance
    within(form).getByText('1 %')
    const review = within(form).getByRole('button', { name: 'Review' })
    expect(review).toHaveProperty('disabled', false)
    fireEvent.click(review)

    const preview = await screen.findByRole('dialog', { name: 'Review swap' })
    within(preview).getByText('First allow the swap to spend 30 USDC. Your wallet asks twice.')
    within(preview).getByRole('button', { name: 'Approve USDC' })
    expect(within(preview).queryByRole('button', { name: 'Swap' })).toBeNull()
  })

  it('tells the user when the swap service built something else than the review', async () => {
    spender = `0x${'bad'.padEnd(40, '0')}`
    const client = await connected()
    fireEvent.click(
      within(screen.getByRole('navigation', { name: 'Wallet actions' })).getByRole('button', {
        name: 'Swap',
      }),
    )
    const form = await screen.findByRole('dialog', { name: 'Swap' })
    await within(form).findByRole('button', { name: 'Pay with ETH' })
    const usdc = client.swap.$tokens.get().data?.tokens.find((t) => t.symbol === 'USDC')
    const eth = client.swap.$tokens.get().data?.tokens.find((t) => t.symbol === 'ETH')
    await act(async () => {
      await client.swap.setSource(usdc!)
      await client.swap.setTarget(eth!)
    })
    fireEvent.change(within(form).getByLabelText('You pay'), { target: { value: '30' } })
    await waitFor(() =>
      expect(within(form).getByRole('button', { name: 'Review' })).toHaveProperty(
        'disabled',
        false,
      ),
    )
    fireEvent.click(within(form).getByRole('button', { name: 'Review' }))
    const alert = await within(form).findByRole('alert')
    expect(alert.textContent).toBe(
      'The swap service built a transaction that does not match your review. Nothing was sent',
    )
    expect(screen.queryByRole('dialog', { name: 'Review swap' })).toBeNull()
  })
})
