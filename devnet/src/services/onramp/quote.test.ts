import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatCents, OnrampInputError, type QuoteRequest } from './parse.js'
import { computeQuote, createQuoteStore, type QuoteInputs, totalForUnits } from './quote.js'
import { testCatalog } from './testCatalog.js'

const RUNS = { numRuns: 1000 }
// A thousand runs take about a second; give a busy shared machine room.
const PROPERTY_TIMEOUT = { timeout: 30_000 }
const catalog = testCatalog()
const asset = (symbol: string) => catalog.assets.find((a) => a.symbol === symbol)!
const network = asset('USDC').networks[0]!
const GWEI = 1_000_000_000n

function request(
  symbol: string,
  amountCents: bigint,
  method: QuoteRequest['method'] = 'card',
): QuoteRequest {
  return { asset: asset(symbol), network, fiat: 'USD', method, amountCents }
}

const inputs = (overrides: Partial<QuoteInputs> = {}): QuoteInputs => ({
  assetUsd: 1,
  ethUsd: 3000,
  fiatUsd: 1,
  gasPriceWei: GWEI,
  ...overrides,
})

describe('computeQuote', PROPERTY_TIMEOUT, () => {
  it('splits 50.00 USD of USDC into the fee, the network fee and what it buys', () => {
    // Fee: 1.5 % of 50.00 = 0.75. Network fee: 65 000 gas × 1 gwei × 3000 USD = 0.195 → 0.20.
    expect(computeQuote(request('USDC', 5000n), inputs())).toEqual({
      totalCents: 5000n,
      providerFeeCents: 75n,
      networkFeeCents: 20n,
      subtotalCents: 4905n,
      purchaseUnits: 49_050_000n,
    })
    // ETH: 21 000 gas × 2 gwei × 3000 = 0.126 → 0.13; 1 % bank fee of 100.00 = 1.00.
    expect(
      computeQuote(
        request('ETH', 10_000n, 'ach_bank_account'),
        inputs({ assetUsd: 3000, gasPriceWei: 2n * GWEI }),
      ),
    ).toMatchObject({
      providerFeeCents: 100n,
      networkFeeCents: 13n,
      subtotalCents: 9887n,
      purchaseUnits: 32_956_666_666_666_666n,
    })
  })

  it('always adds up, keeps the provider fee within 1–2 %, and rounds the purchase down', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('USDC', 'ETH', 'PTK'),
        fc.constantFrom('card', 'ach_bank_account') as fc.Arbitrary<QuoteRequest['method']>,
        fc.bigInt({ min: 1000n, max: 2_500_000n }),
        fc.double({ min: 0.01, max: 100_000, noNaN: true }),
        fc.double({ min: 100, max: 10_000, noNaN: true }),
        fc.double({ min: 0.5, max: 2, noNaN: true }),
        fc.bigInt({ min: 0n, max: 5n * GWEI }),
        (symbol, method, total, assetUsd, ethUsd, fiatUsd, gasPriceWei) => {
          const q = request(symbol, total, method)
          const figures = computeQuote(q, { assetUsd, ethUsd, fiatUsd, gasPriceWei })
          expect(figures.totalCents).toBe(total)
          expect(figures.subtotalCents + figures.providerFeeCents + figures.networkFeeCents).toBe(
            total,
          )
          const feeShare = Number(figures.providerFeeCents) / Number(total)
          expect(feeShare).toBeGreaterThanOrEqual(0.01)
          expect(feeShare).toBeLessThanOrEqual(0.02)
          // The purchase is worth at most the subtotal, and one more unit would be worth more.
          const decimals = asset(symbol).decimals
          const worth = (units: bigint) => (Number(units) / 10 ** decimals) * assetUsd
          const subtotalUsd = (Number(figures.subtotalCents) / 100) * fiatUsd
          expect(worth(figures.purchaseUnits)).toBeLessThanOrEqual(subtotalUsd * (1 + 1e-9))
          expect(worth(figures.purchaseUnits + 1n)).toBeGreaterThanOrEqual(subtotalUsd * (1 - 1e-9))
        },
      ),
      RUNS,
    )
  })

  it('refuses amounts the fees eat and assets without a price', () => {
    expect(() =>
      computeQuote(request('USDC', 1000n), inputs({ gasPriceWei: 100_000n * GWEI })),
    ).toThrow(/^amount: 10.00 USD does not cover the fees/)
    const error = (() => {
      try {
        computeQuote(request('ETH', 5000n), inputs({ assetUsd: 0 }))
      } catch (e) {
        return e
      }
    })()
    expect(error).toBeInstanceOf(OnrampInputError)
    expect(error).toMatchObject({
      status: 422,
      message: 'no price for ETH in the devnet price table',
    })
  })
})

describe('totalForUnits', PROPERTY_TIMEOUT, () => {
  it('finds the smallest total whose quote buys at least the asked amount', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('USDC', 'ETH'),
        fc.bigInt({ min: 1n, max: 10n ** 22n }),
        fc.double({ min: 0.5, max: 5000, noNaN: true }),
        (symbol, units, assetUsd) => {
          const q = request(symbol, 0n)
          const values = inputs({ assetUsd })
          const total = totalForUnits(q, units, values)
          const bought = (cents: bigint) => {
            try {
              return computeQuote({ ...q, amountCents: cents }, values).purchaseUnits
            } catch {
              return 0n
            }
          }
          expect(bought(total)).toBeGreaterThanOrEqual(units)
          expect(bought(total - 1n)).toBeLessThan(units)
        },
      ),
      RUNS,
    )
  })
})

describe('quote store', PROPERTY_TIMEOUT, () => {
  it('keeps a quote for 5 minutes, then forgets it', () => {
    let now = Date.UTC(2030, 0, 1)
    const store = createQuoteStore({ now: () => now })
    const q = request('USDC', 5000n)
    const stored = store.put(q, computeQuote(q, inputs()))
    expect(stored.quote).toMatchObject({
      paymentTotal: { amount: '50.00', currency: 'USD' },
      purchaseAmount: { amount: '49.05', currency: 'USDC' },
      expiresAt: '2030-01-01T00:05:00.000Z',
    })
    now += 5 * 60 * 1000 - 1
    expect(store.get(stored.quote.quoteId)?.quote).toEqual(stored.quote)
    expect(store.size()).toBe(1)
    now += 1
    expect(store.get(stored.quote.quoteId)).toBeUndefined()
    expect(store.size()).toBe(0)
    expect(store.get('not-a-quote')).toBeUndefined()
  })

  it('gives every quote its own random UUID', () => {
    const store = createQuoteStore()
    const q = request('USDC', 5000n)
    const figures = computeQuote(q, inputs())
    const ids = new Set(Array.from({ length: 1000 }, () => store.put(q, figures).quote.quoteId))
    expect(ids.size).toBe(1000)
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(formatCents(figures.subtotalCents)).toBe('49.05')
  })
})
