import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ONRAMP_DEFAULT_LIMITS } from './tuning.js'
import { checkOnrampAmount, failureMessage, ONRAMP_MESSAGES } from './validation.js'

const card = { id: 'card', min: '10.00', max: '7500.00' }
const ach = { id: 'ach_bank_account', min: '10.00', max: '25000.00' }

describe('the default limits', () => {
  it('are card 10.00–7500.00 and bank account (ACH) 10.00–25000.00', () => {
    expect(ONRAMP_DEFAULT_LIMITS).toEqual([card, ach])
  })
})

describe('checkOnrampAmount', () => {
  it.each([
    ['letters', 'ten', ONRAMP_MESSAGES.amountNotNumber],
    ['an exponent', '1e3', ONRAMP_MESSAGES.amountNotNumber],
    ['a sign', '-50', ONRAMP_MESSAGES.amountNotNumber],
    ['a lone point', '.', ONRAMP_MESSAGES.amountNotNumber],
    ['two points', '1.2.3', ONRAMP_MESSAGES.amountNotNumber],
    ['a comma', '50,00', ONRAMP_MESSAGES.amountNotNumber],
    ['three decimals', '10.001', ONRAMP_MESSAGES.tooManyDecimals],
    ['zero', '0', ONRAMP_MESSAGES.amountNotPositive],
    ['zero cents', '0.00', ONRAMP_MESSAGES.amountNotPositive],
  ])('refuses %s', (_why, amount, message) => {
    expect(checkOnrampAmount(amount, card, 'USD')).toEqual(message)
  })

  it('says the limit and the currency the amount is outside of', () => {
    expect(checkOnrampAmount('9.99', card, 'USD')).toEqual({
      key: 'onramp.amountBelowMin',
      params: { min: '10.00', currency: 'USD' },
    })
    expect(checkOnrampAmount('7500.01', card, 'EUR')).toEqual({
      key: 'onramp.amountAboveMax',
      params: { max: '7500.00', currency: 'EUR' },
    })
    expect(checkOnrampAmount('25000.01', ach, 'USD')).toEqual({
      key: 'onramp.amountAboveMax',
      params: { max: '25000.00', currency: 'USD' },
    })
  })

  it('accepts the limits themselves and what lies between', () => {
    for (const amount of ['10', '10.00', '10.0', '50', '50.5', '7500', '7500.00', ' 50 ']) {
      expect(checkOnrampAmount(amount, card, 'USD'), amount).toBeUndefined()
    }
    expect(checkOnrampAmount('25000', ach, 'USD')).toBeUndefined()
    expect(checkOnrampAmount('7500.01', ach, 'USD')).toBeUndefined()
  })

  it('has nothing to say about an empty amount yet', () => {
    expect(checkOnrampAmount('', card, 'USD')).toBeUndefined()
    expect(checkOnrampAmount('   ', card, 'USD')).toBeUndefined()
  })

  it('compares limits with more decimals exactly', () => {
    const odd = { id: 'card', min: '0.005', max: '1.125' }
    expect(checkOnrampAmount('0.01', odd, 'USD')).toBeUndefined()
    expect(checkOnrampAmount('1.12', odd, 'USD')).toBeUndefined()
    expect(checkOnrampAmount('1.13', odd, 'USD')?.key).toBe('onramp.amountAboveMax')
  })

  it('without limits checks only the number', () => {
    expect(checkOnrampAmount('100000', undefined, 'USD')).toBeUndefined()
    expect(checkOnrampAmount('0', undefined, 'USD')).toEqual(ONRAMP_MESSAGES.amountNotPositive)
  })

  it('refuses text longer than any amount', () => {
    expect(checkOnrampAmount('1'.repeat(500), card, 'USD')).toEqual(ONRAMP_MESSAGES.amountNotNumber)
  })

  it('agrees with exact arithmetic on every amount of cents', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10_000_000n }), (cents) => {
        const text = `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`
        const message = checkOnrampAmount(text, card, 'USD')
        if (cents === 0n) expect(message).toEqual(ONRAMP_MESSAGES.amountNotPositive)
        else if (cents < 1_000n) expect(message?.key).toBe('onramp.amountBelowMin')
        else if (cents > 750_000n) expect(message?.key).toBe('onramp.amountAboveMax')
        else expect(message).toBeUndefined()
      }),
      { numRuns: 1_000 },
    )
  })

  it('never throws and always answers a known message, whatever is typed', () => {
    const keys = new Set([
      'onramp.amountNotNumber',
      'onramp.amountNotPositive',
      'onramp.tooManyDecimals',
      'onramp.amountBelowMin',
      'onramp.amountAboveMax',
    ])
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (amount) => {
        const message = checkOnrampAmount(amount, card, 'USD')
        if (message) expect(keys.has(message.key)).toBe(true)
      }),
      { numRuns: 1_000 },
    )
  })
})

describe('failureMessage', () => {
  it('names the provider failures it knows, and says the purchase failed otherwise', () => {
    expect(failureMessage('card_declined')).toEqual({ key: 'onramp.cardDeclined' })
    expect(failureMessage('provider_failed')).toEqual({ key: 'onramp.providerFailed' })
    expect(failureMessage('delivery_failed')).toEqual({ key: 'onramp.deliveryFailed' })
    expect(failureMessage('something_else')).toEqual({ key: 'onramp.purchaseFailed' })
    expect(failureMessage(undefined)).toEqual({ key: 'onramp.purchaseFailed' })
  })
})
