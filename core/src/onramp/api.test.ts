import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createApiClient } from '../api/createApiClient.js'
import { createOnrampApi, createOnrampValidators } from './api.js'
import { ONRAMP_DEFAULT_OPTIONS } from './tuning.js'

const validators = createOnrampValidators()
const { onrampOptions, onrampPurchaseItem, onrampPurchasePage, onrampQuote, onrampUrl } = validators

const USDC = '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35'

/** The devnet's answer, as its README shows it. */
const options = {
  purchaseCurrencies: [
    {
      id: '2b92315d-eab7-5bef-84fa-089a131333f5',
      name: 'USD Coin',
      symbol: 'USDC',
      networks: [
        { name: 'devnet', display_name: 'Devnet', chain_id: '31337', contract_address: USDC },
        { name: 'devnet-l2', display_name: 'Devnet L2', chain_id: '31338', contract_address: USDC },
      ],
    },
    {
      id: 'd85dce9b-5b73-5c3c-8978-522ce1d1c1b4',
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

const quote = {
  quoteId: '927c2a0f-3c8e-4a36-9d2b-6b8c1f0e5a11',
  paymentTotal: { amount: '50.00', currency: 'USD' },
  coinbaseFee: { amount: '0.75', currency: 'USD' },
  networkFee: { amount: '0.24', currency: 'USD' },
  paymentSubtotal: { amount: '49.01', currency: 'USD' },
  purchaseAmount: { amount: '49.01', currency: 'USDC' },
  paymentMethod: 'card',
  network: 'devnet',
  expiresAt: '2026-01-01T00:05:00.000Z',
}

const purchase = {
  id: '3f2c7d1e-8a4b-4c5d-9e6f-7a8b9c0d1e2f',
  metadata: {
    operationType: 'buy',
    status: 'pending',
    hash: '',
    nonce: 0,
    minedAt: '2026-01-01T00:00:00.000Z',
    sentFrom: 'Coinbase',
    sentTo: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    chain: 'eip155:31337',
  },
  transfers: [
    {
      fungible_info: {
        name: 'USD Coin',
        symbol: 'USDC',
        icon: { url: 'http://127.0.0.1:8787/public/getTokenImage/USDC' },
      },
      direction: 'in',
      quantity: { numeric: '49.01' },
      value: 49.01,
      price: 1,
    },
  ],
}

/** Every way a body's values can take the wrong type (the devnet's `malformed: 'types'`). */
function swapTypes(value: unknown): unknown {
  if (typeof value === 'string') return value.length
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (value === null) return 'null'
  if (Array.isArray(value)) return Object.fromEntries(value.map((v, i) => [i, swapTypes(v)]))
  return Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, swapTypes(v)]))
}

describe('onrampOptions', () => {
  it('reads the options, keeping the fields the SDK uses', () => {
    expect(onrampOptions(options)).toEqual({ ...options, isFallback: false })
  })

  it('drops invalid entries and keeps the rest', () => {
    const parsed = onrampOptions({
      purchaseCurrencies: [
        ...options.purchaseCurrencies,
        { id: 'x', symbol: '', networks: [] },
        { id: 'y', symbol: 'Y', networks: 'none' },
        {
          id: 'z',
          symbol: 'Z',
          networks: [
            { name: 'a b', chain_id: '1' },
            { name: 'ok', chain_id: 'one' },
            { name: 'fine', chain_id: 10, contract_address: null },
          ],
        },
      ],
      paymentCurrencies: [
        ...options.paymentCurrencies,
        { id: 'usd', payment_method_limits: [] },
        {
          id: 'EUR',
          payment_method_limits: [
            { id: 'card', min: '20', max: '10' },
            { id: 'card', min: '-1', max: '10' },
            { id: 'card', min: '1', max: '10' },
          ],
        },
      ],
    })
    expect(parsed?.purchaseCurrencies.map((c: { symbol: string }) => c.symbol)).toEqual([
      'USDC',
      'ETH',
      'Z',
    ])
    expect(parsed?.purchaseCurrencies[2]).toEqual({
      id: 'z',
      name: 'Z',
      symbol: 'Z',
      networks: [{ name: 'fine', display_name: 'fine', chain_id: '10', contract_address: '' }],
    })
    expect(parsed?.paymentCurrencies).toEqual([
      options.paymentCurrencies[0],
      { id: 'EUR', payment_method_limits: [{ id: 'card', min: '1', max: '10' }] },
    ])
  })

  it('cleans names for display and refuses hostile ids', () => {
    const parsed = onrampOptions({
      ...options,
      purchaseCurrencies: [
        { id: 'a', name: 'U\u202eSD\u200b Coin', symbol: 'US\u0000DC', networks: [] },
        { id: 'has space', name: 'B', symbol: 'B', networks: [] },
      ],
    })
    expect(parsed?.purchaseCurrencies).toEqual([
      { id: 'a', name: 'USD Coin', symbol: 'USDC', networks: [] },
    ])
  })

  it('refuses an answer that leaves nothing to buy or nothing to pay with', () => {
    expect(onrampOptions({ ...options, purchaseCurrencies: [] })).toBeUndefined()
    expect(onrampOptions({ ...options, paymentCurrencies: [{ id: 'usd' }] })).toBeUndefined()
    expect(onrampOptions({ purchaseCurrencies: options.purchaseCurrencies })).toBeUndefined()
    expect(onrampOptions(swapTypes(options))).toBeUndefined()
    expect(onrampOptions([options])).toBeUndefined()
    expect(onrampOptions(null)).toBeUndefined()
  })

  it('accepts the built-in list as it stands', () => {
    expect(onrampOptions(ONRAMP_DEFAULT_OPTIONS)).toEqual({
      ...ONRAMP_DEFAULT_OPTIONS,
      isFallback: false,
    })
  })

  it('never throws, and what it gives back is valid again', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const parsed = onrampOptions(value)
        if (parsed) expect(onrampOptions(parsed)).toEqual(parsed)
      }),
      { numRuns: 1_000 },
    )
    fc.assert(
      fc.property(
        fc.record({
          purchaseCurrencies: fc.array(
            fc.record({
              id: fc.string(),
              name: fc.string(),
              symbol: fc.string(),
              networks: fc.array(
                fc.record({
                  name: fc.string(),
                  display_name: fc.string(),
                  chain_id: fc.oneof(fc.string(), fc.integer()),
                  contract_address: fc.string(),
                }),
              ),
            }),
          ),
          paymentCurrencies: fc.array(
            fc.record({
              id: fc.string(),
              payment_method_limits: fc.array(
                fc.record({ id: fc.string(), min: fc.string(), max: fc.string() }),
              ),
            }),
          ),
        }),
        (value) => {
          const parsed = onrampOptions(value)
          if (!parsed) return
          for (const currency of parsed.purchaseCurrencies) {
            expect(currency.id).toMatch(/^[\x21-\x7e]{1,128}$/)
            for (const n of currency.networks) expect(n.chain_id).toMatch(/^\d*$/)
          }
          for (const currency of parsed.paymentCurrencies) {
            for (const l of currency.payment_method_limits) {
              expect(Number(l.min)).toBeLessThanOrEqual(Number(l.max))
            }
          }
        },
      ),
      { numRuns: 1_000 },
    )
  })
})

describe('onrampQuote', () => {
  it('reads the five amounts and the quote id', () => {
    expect(onrampQuote(quote)).toEqual({
      quoteId: quote.quoteId,
      paymentTotal: quote.paymentTotal,
      coinbaseFee: quote.coinbaseFee,
      networkFee: quote.networkFee,
      paymentSubtotal: quote.paymentSubtotal,
      purchaseAmount: quote.purchaseAmount,
      isEstimate: false,
    })
  })

  it.each([
    'quoteId',
    'paymentTotal',
    'coinbaseFee',
    'networkFee',
    'paymentSubtotal',
    'purchaseAmount',
  ])('refuses a quote without %s', (field) => {
    expect(onrampQuote({ ...quote, [field]: undefined })).toBeUndefined()
  })

  it('refuses amounts that are not plain decimals', () => {
    for (const amount of ['-1', '1e3', '', '1,5', 49.01]) {
      expect(
        onrampQuote({ ...quote, purchaseAmount: { amount, currency: 'USDC' } }),
      ).toBeUndefined()
    }
    expect(onrampQuote({ ...quote, networkFee: { amount: '1', currency: '' } })).toBeUndefined()
    expect(onrampQuote(swapTypes(quote))).toBeUndefined()
  })

  it('never throws on anything', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const parsed = onrampQuote(value)
        if (parsed) expect(onrampQuote(parsed)).toEqual(parsed)
      }),
      { numRuns: 1_000 },
    )
  })
})

describe('onrampUrl', () => {
  it('reads the URL and the session id when there is one', () => {
    expect(onrampUrl({ url: 'https://pay.example/x?y=1', sessionId: 'abc' })).toEqual({
      url: 'https://pay.example/x?y=1',
      sessionId: 'abc',
    })
    expect(onrampUrl({ url: 'https://pay.example/' })).toEqual({
      url: 'https://pay.example/',
      sessionId: undefined,
    })
  })

  it('refuses a missing or spaced URL', () => {
    expect(onrampUrl({})).toBeUndefined()
    expect(onrampUrl({ url: 'https://a b' })).toBeUndefined()
    expect(onrampUrl({ url: 42 })).toBeUndefined()
    expect(onrampUrl('https://pay.example/')).toBeUndefined()
  })

  it('never throws on anything', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => void onrampUrl(value)),
      { numRuns: 1_000 },
    )
  })
})

describe('onrampPurchaseItem', () => {
  it('reads a purchase with no hash yet and a provider as its sender', () => {
    expect(onrampPurchaseItem(purchase)).toEqual({
      id: purchase.id,
      status: 'pending',
      provider: 'Coinbase',
      hash: '',
      minedAt: '2026-01-01T00:00:00.000Z',
      caipNetworkId: 'eip155:31337',
      asset: {
        symbol: 'USDC',
        name: 'USD Coin',
        amount: '49.01',
        iconUrl: 'http://127.0.0.1:8787/public/getTokenImage/USDC',
      },
    })
  })

  it('reads a delivered one with its hash', () => {
    const hash = `0x${'ab'.repeat(32)}`
    const item = { ...purchase, metadata: { ...purchase.metadata, status: 'confirmed', hash } }
    expect(onrampPurchaseItem(item)).toMatchObject({ status: 'confirmed', hash })
  })

  it('keeps a purchase whose transfer cannot be read, without its asset', () => {
    expect(onrampPurchaseItem({ ...purchase, transfers: [] })?.asset).toBeUndefined()
    expect(onrampPurchaseItem({ ...purchase, transfers: 'x' })?.asset).toBeUndefined()
    const noIcon = {
      ...purchase,
      transfers: [{ fungible_info: { symbol: 'ETH' }, quantity: { numeric: '1' } }],
    }
    expect(onrampPurchaseItem(noIcon)?.asset).toEqual({
      symbol: 'ETH',
      name: 'ETH',
      amount: '1',
      iconUrl: '',
    })
  })

  it.each([
    ['an unknown status', { status: 'done' }],
    ['a hash with spaces', { hash: '0x 12' }],
    ['a date that is no date', { minedAt: 'yesterday' }],
    ['no chain', { chain: undefined }],
    ['a malformed chain', { chain: 'eip155' }],
  ])('refuses %s', (_why, change) => {
    expect(onrampPurchaseItem({ ...purchase, metadata: { ...purchase.metadata, ...change } })).toBe(
      undefined,
    )
  })

  it('refuses an item without an id or metadata', () => {
    expect(onrampPurchaseItem({ ...purchase, id: '' })).toBeUndefined()
    expect(onrampPurchaseItem({ id: 'x' })).toBeUndefined()
  })

  it('reads a page, dropping what it cannot read', () => {
    expect(onrampPurchasePage({ data: [purchase, { id: 1 }], next: null })).toHaveLength(1)
    expect(onrampPurchasePage({ data: 'none' })).toBeUndefined()
    expect(onrampPurchasePage(swapTypes({ data: [purchase], next: null }))).toBeUndefined()
  })

  it('never throws, and every item it keeps has a status and a chain', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const parsed = onrampPurchasePage({ data: [value] })
        for (const item of parsed ?? []) {
          expect(['pending', 'confirmed', 'failed']).toContain(item.status)
          expect(item.caipNetworkId).toMatch(/^[-a-z0-9]{3,8}:/)
        }
      }),
      { numRuns: 1_000 },
    )
    fc.assert(
      fc.property(
        fc.record({
          status: fc.constantFrom('pending', 'confirmed', 'failed', 'x'),
          hash: fc.oneof(fc.constant(''), fc.string()),
          minedAt: fc.oneof(
            fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
            fc.string(),
          ),
          sentFrom: fc.string(),
        }),
        (change) => {
          const item = onrampPurchaseItem({
            ...purchase,
            metadata: { ...purchase.metadata, ...change },
          })
          if (item) expect(item.hash).not.toMatch(/\s/)
        },
      ),
      { numRuns: 1_000 },
    )
  })
})

describe('the on-ramp endpoints', () => {
  it('calls each route with the project and SDK parameters, the bodies as given', async () => {
    const calls: { method: string; url: URL; body: unknown }[] = []
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const url = new URL(String(input))
      calls.push({
        method: init?.method ?? 'GET',
        url,
        body: init?.body && JSON.parse(String(init.body)),
      })
      if (url.pathname === '/v1/onramp/options') return Response.json(options)
      if (url.pathname === '/v1/onramp/quote') return Response.json(quote)
      if (url.pathname === '/v1/generators/onrampurl') {
        return Response.json({ url: 'http://127.0.0.1:1/onramp/checkout/s', sessionId: 's' })
      }
      return Response.json({ data: [purchase], next: null })
    }
    const api = createOnrampApi(
      createApiClient({ baseUrl: 'http://api.test/', projectId: 'p', fetch }),
      validators,
    )
    await api.getOptions()
    const purchaseCurrency = onrampOptions(options)!.purchaseCurrencies[0]!
    const paymentCurrency = onrampOptions(options)!.paymentCurrencies[0]!
    const request = {
      purchaseCurrency,
      paymentCurrency,
      amount: 50,
      network: 'devnet',
      paymentMethod: 'card',
    }
    await api.getQuote(request)
    const body = {
      destinationWallets: [{ address: '0x1', blockchains: ['devnet'], assets: ['USDC'] }],
      defaultNetwork: 'ethereum',
      partnerUserId: '0x1',
      defaultExperience: 'buy' as const,
    }
    expect(await api.generateUrl(body)).toEqual({
      url: 'http://127.0.0.1:1/onramp/checkout/s',
      sessionId: 's',
    })
    expect(
      await api.getPurchases({ address: '0xAb', provider: 'coinbase', chainId: 'eip155:31337' }),
    ).toHaveLength(1)
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      'GET /v1/onramp/options',
      'POST /v1/onramp/quote',
      'POST /v1/generators/onrampurl',
      'GET /v1/account/0xAb/history',
    ])
    for (const call of calls) {
      expect(call.url.searchParams.get('projectId')).toBe('p')
      expect(call.url.searchParams.get('st')).toBeTruthy()
      expect(call.url.searchParams.get('sv')).toBeTruthy()
    }
    expect(calls[1]?.body).toEqual(request)
    expect(calls[2]?.body).toEqual(body)
    expect(Object.fromEntries(calls[3]!.url.searchParams)).toMatchObject({
      onramp: 'coinbase',
      chainId: 'eip155:31337',
    })
  })
})
