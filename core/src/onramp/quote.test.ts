import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { estimateQuote, formatCents } from './quote.js'
import { ONRAMP_MOCK_QUOTE_ID } from './tuning.js'

describe('the estimate shown when the quote call fails', () => {
  it('charges the highest fee (2 %, up to the cent), no network fee, at the known price', () => {
    expect(estimateQuote({ amount: '50', currency: 'USD', symbol: 'USDC', usdPrice: 1 })).toEqual({
      quoteId: 'mocked-quote-id',
      paymentTotal: { amount: '50.00', currency: 'USD' },
      coinbaseFee: { amount: '1.00', currency: 'USD' },
      networkFee: { amount: '0.00', currency: 'USD' },
      paymentSubtotal: { amount: '49.00', currency: 'USD' },
      purchaseAmount: { amount: '49', currency: 'USDC' },
      isEstimate: true,
    })
    expect(ONRAMP_MOCK_QUOTE_ID).toBe('mocked-quote-id')
  })

  it('rounds the fee up to the cent and cuts the tokens to 6 decimals', () => {
    const quote = estimateQuote({
      amount: '10.01',
      currency: 'USD',
      symbol: 'ETH',
      usdPrice: 3000,
    })
    expect(quote?.coinbaseFee.amount).toBe('0.21')
    expect(quote?.paymentSubtotal.amount).toBe('9.80')
    expect(quote?.purchaseAmount).toEqual({ amount: '0.003266', currency: 'ETH' })
  })

  it('leaves the tokens empty when it cannot price them', () => {
    expect(
      estimateQuote({ amount: '50', currency: 'EUR', symbol: 'USDC', usdPrice: 1 })?.purchaseAmount,
    ).toEqual({ amount: '', currency: 'USDC' })
    expect(
      estimateQuote({ amount: '50', currency: 'USD', symbol: 'ETH', usdPrice: undefined })
        ?.purchaseAmount.amount,
    ).toBe('')
    expect(
      estimateQuote({ amount: '50', currency: 'USD', symbol: 'ETH', usdPrice: 0 })?.purchaseAmount
        .amount,
    ).toBe('')
  })

  it('has nothing for an amount that is not a positive amount of cents', () => {
    for (const amount of ['0', '', 'x', '1.001', '-5']) {
      expect(
        estimateQuote({ amount, currency: 'USD', symbol: 'USDC', usdPrice: 1 }),
      ).toBeUndefined()
    }
  })

  it('always adds up: total = fee + subtotal, the fee between 0 and 2 % plus a cent', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 100_000_000n }), (cents) => {
        const quote = estimateQuote({
          amount: formatCents(cents),
          currency: 'USD',
          symbol: 'USDC',
          usdPrice: 1,
        })!
        const toCents = (text: string) => BigInt(text.replace('.', ''))
        const fee = toCents(quote.coinbaseFee.amount)
        expect(toCents(quote.paymentTotal.amount)).toBe(cents)
        expect(fee + toCents(quote.paymentSubtotal.amount)).toBe(cents)
        expect(fee * 10_000n).toBeGreaterThanOrEqual(cents * 200n)
        expect((fee - 1n) * 10_000n).toBeLessThan(cents * 200n)
      }),
      { numRuns: 1_000 },
    )
  })
})

describe('formatCents', () => {
  it('writes cents as money with two decimals', () => {
    expect(formatCents(0n)).toBe('0.00')
    expect(formatCents(5n)).toBe('0.05')
    expect(formatCents(4901n)).toBe('49.01')
    expect(formatCents(750000n)).toBe('7500.00')
  })
})
