import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { buildOnrampForm } from './form.js'
import { ONRAMP_DEFAULT_OPTIONS } from './tuning.js'
import type { OnrampChoice, OnrampOptionsData } from './types.js'

const limits = [
  { id: 'card', min: '10.00', max: '7500.00' },
  { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
]
const net = (name: string, chain_id: string) => ({
  name,
  display_name: name,
  chain_id,
  contract_address: '',
})
const options: OnrampOptionsData = {
  purchaseCurrencies: [
    { id: 'eth', name: 'Ethereum', symbol: 'ETH', networks: [net('devnet', '31337')] },
    {
      id: 'usdc',
      name: 'USD Coin',
      symbol: 'USDC',
      networks: [net('devnet', '31337'), net('devnet-l2', '31338'), net('solana', '')],
    },
    { id: 'ptk', name: 'Portico Token', symbol: 'PTK', networks: [net('devnet-l2', '31338')] },
  ],
  paymentCurrencies: [
    { id: 'USD', payment_method_limits: limits },
    { id: 'EUR', payment_method_limits: [limits[0]!] },
  ],
  isFallback: false,
}
const choice: OnrampChoice = {
  assetId: undefined,
  paymentCurrency: 'USD',
  paymentMethod: 'card',
  amount: '',
  provider: undefined,
}
const form = (
  change: Partial<OnrampChoice> = {},
  caipNetworkId = 'eip155:31337',
  restricted = false,
) =>
  buildOnrampForm({
    options,
    choice: { ...choice, ...change },
    caipNetworkId: caipNetworkId as never,
    restricted,
  })

describe('buildOnrampForm', () => {
  it('offers the assets sold on the active chain, USDC first chosen', () => {
    const f = form()
    expect(f.assets.map((a) => a.symbol)).toEqual(['ETH', 'USDC'])
    expect(f.asset?.symbol).toBe('USDC')
    expect(f.asset?.network.name).toBe('devnet')
    expect(form({}, 'eip155:31338').assets.map((a) => `${a.symbol}@${a.network.name}`)).toEqual([
      'USDC@devnet-l2',
      'PTK@devnet-l2',
    ])
  })

  it('keeps the asset the user chose, and falls back when this chain does not sell it', () => {
    expect(form({ assetId: 'eth' }).asset?.symbol).toBe('ETH')
    expect(form({ assetId: 'ptk' }).asset?.symbol).toBe('USDC')
    expect(form({ assetId: 'ptk' }, 'eip155:31338').asset?.symbol).toBe('PTK')
  })

  it('takes the first asset when USDC is not sold', () => {
    const only = { ...options, purchaseCurrencies: [options.purchaseCurrencies[2]!] }
    const f = buildOnrampForm({
      options: only,
      choice,
      caipNetworkId: 'eip155:31338',
      restricted: false,
    })
    expect(f.asset?.symbol).toBe('PTK')
  })

  it('finds Solana assets by the network name', () => {
    const f = form({}, 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
    expect(f.assets.map((a) => a.symbol)).toEqual(['USDC'])
    expect(f.providers.map((p) => p.id)).toEqual(['meld'])
  })

  it('has nothing on a chain nobody sells on, or before the options arrive', () => {
    expect(form({}, 'eip155:1').assets).toEqual([])
    const empty = buildOnrampForm({
      options: undefined,
      choice,
      caipNetworkId: 'eip155:1',
      restricted: false,
    })
    expect(empty).toMatchObject({
      assets: [],
      asset: undefined,
      paymentCurrencies: [],
      limits: undefined,
    })
  })

  it('resolves the payment currency and method, with their limits', () => {
    expect(form().limits).toEqual(limits[0])
    expect(form({ paymentMethod: 'ach_bank_account' }).limits).toEqual(limits[1])
    expect(form({ paymentCurrency: 'EUR', paymentMethod: 'ach_bank_account' })).toMatchObject({
      paymentCurrency: { id: 'EUR' },
      paymentMethods: [limits[0]],
      paymentMethod: 'card',
      limits: limits[0],
    })
    expect(form({ paymentCurrency: 'GBP' }).paymentCurrency?.id).toBe('USD')
  })

  it('checks the amount against the chosen limits and currency', () => {
    expect(form({ amount: '50' }).errors).toEqual({})
    expect(form({ amount: '9' }).errors.amount).toEqual({
      key: 'onramp.amountBelowMin',
      params: { min: '10.00', currency: 'USD' },
    })
    expect(form({ amount: '10000', paymentMethod: 'ach_bank_account' }).errors).toEqual({})
    expect(form({ amount: '10000', paymentCurrency: 'EUR' }).errors.amount).toEqual({
      key: 'onramp.amountAboveMax',
      params: { max: '7500.00', currency: 'EUR' },
    })
  })

  it('offers the providers of the namespace, the chosen one first chosen, none when restricted', () => {
    expect(form().provider?.id).toBe('coinbase')
    expect(form({ provider: 'meld' }).provider?.id).toBe('meld')
    expect(form({ provider: 'coinbase' }, 'solana:x').provider?.id).toBe('meld')
    const restricted = form({ amount: '50' }, 'eip155:31337', true)
    expect(restricted.providers).toEqual([])
    expect(restricted.provider).toBeUndefined()
  })

  it('works on the built-in list: USDC and ETH on chains 1 and 137', () => {
    for (const chain of ['eip155:1', 'eip155:137']) {
      const f = buildOnrampForm({
        options: ONRAMP_DEFAULT_OPTIONS,
        choice,
        caipNetworkId: chain as never,
        restricted: false,
      })
      expect(f.assets.map((a) => a.symbol)).toEqual(['USDC', 'ETH'])
      expect(f.paymentCurrencies.map((c) => c.id)).toEqual(['USD', 'EUR'])
      expect(f.limits).toEqual(limits[0])
    }
  })

  it('always resolves to what is offered, whatever was chosen', () => {
    fc.assert(
      fc.property(
        fc.record({
          assetId: fc.option(fc.constantFrom('eth', 'usdc', 'ptk', 'x'), { nil: undefined }),
          paymentCurrency: fc.constantFrom('USD', 'EUR', 'GBP', ''),
          paymentMethod: fc.constantFrom('card', 'ach_bank_account', 'apple_pay'),
          amount: fc.string({ maxLength: 12 }),
          provider: fc.option(fc.constantFrom('coinbase' as const, 'meld' as const), {
            nil: undefined,
          }),
        }),
        fc.constantFrom('eip155:31337', 'eip155:31338', 'eip155:1', 'solana:x', 'bip122:y'),
        fc.boolean(),
        (picked, chain, restricted) => {
          const f = form(picked, chain, restricted)
          if (f.asset) expect(f.assets).toContain(f.asset)
          if (f.provider) expect(f.providers).toContain(f.provider)
          expect(f.paymentCurrencies).toContain(f.paymentCurrency)
          expect(f.paymentMethods).toContain(f.limits)
          expect(f.paymentMethod).toBe(f.limits?.id)
        },
      ),
      { numRuns: 1_000 },
    )
  })
})
