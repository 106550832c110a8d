import { act, renderHook, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createTestClient, wrapperFor } from '../test/setup.js'
import { announcedWallet, RDNS } from '../test/wallet.js'
import { useOnramp } from './useOnramp.js'

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

const OPTIONS = {
  purchaseCurrencies: [
    {
      id: 'usdc-id',
      name: 'USD Coin',
      symbol: 'USDC',
      networks: [
        {
          name: 'devnet',
          display_name: 'Devnet',
          chain_id: '31337',
          contract_address: '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35',
        },
      ],
    },
  ],
  paymentCurrencies: [
    { id: 'USD', payment_method_limits: [{ id: 'card', min: '10.00', max: '7500.00' }] },
  ],
}

const api: typeof fetch = async (input, init) => {
  const url = new URL(String(input))
  if (url.pathname === '/v1/onramp/options') return Response.json(OPTIONS)
  if (url.pathname === '/v1/onramp/quote') return Response.json({ error: 'down' }, { status: 503 })
  if (url.pathname.endsWith('/history')) return Response.json({ data: [], next: null })
  if (url.pathname === '/v1/supported-chains') return Response.json({ http: ['eip155:31337'] })
  if (url.pathname.endsWith('/balance')) return Response.json({ balances: [] })
  const body = JSON.parse(String(init?.body ?? '{}'))
  return Response.json({ jsonrpc: '2.0', id: body.id, result: '0x0' })
}

describe('useOnramp', () => {
  it('loads the options on use and gives the form, the quote and the purchase in one shape', async () => {
    const { stop } = announcedWallet()
    stops.push(stop)
    const client = createTestClient({ fetch: api })
    act(() => client.connectors.startDiscovery())
    await act(() => client.connection.connect({ connectorId: RDNS }))
    const { result } = renderHook(() => useOnramp(), { wrapper: wrapperFor(client) })
    expect(result.current.status).toBe('idle')
    expect(result.current.isPending).toBe(false)
    expect(result.current.phase).toBe('idle')
    await waitFor(() => expect(result.current.options.status).toBe('success'), { timeout: 5000 })
    await waitFor(() => expect(result.current.asset?.symbol).toBe('USDC'), { timeout: 5000 })
    expect(result.current.options.data?.isFallback).toBe(false)
    expect(result.current.paymentCurrency?.id).toBe('USD')
    expect(result.current.paymentMethod).toBe('card')
    expect(result.current.limits).toEqual({ id: 'card', min: '10.00', max: '7500.00' })
    expect(result.current.providers.map((p) => p.name)).toEqual(['Coinbase', 'Meld'])
    expect(result.current.provider?.id).toBe('coinbase')

    const actions = result.current
    act(() => result.current.setAmount('5'))
    expect(result.current.form?.errors.amount).toEqual({
      key: 'onramp.amountBelowMin',
      params: { min: '10.00', currency: 'USD' },
    })
    // The actions keep their identity across renders.
    expect(result.current.setAmount).toBe(actions.setAmount)
    expect(result.current.buy).toBe(actions.buy)

    act(() => result.current.setAmount('50'))
    await waitFor(() => expect(result.current.quote.data?.isEstimate).toBe(true), {
      timeout: 3000,
    })
    expect(result.current.quote.data?.paymentTotal).toEqual({ amount: '50.00', currency: 'USD' })
  }, 20_000)
})
