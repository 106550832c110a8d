import { fractionDigits, parseDecimal } from '../kit.js'
import type { Message } from '../messages/index.js'
import { ONRAMP_FIAT_DECIMALS } from './tuning.js'
import type { OnrampPaymentMethodLimit } from './types.js'

/** What the on-ramp tells the user, as message keys (the UI kit holds the texts). */
export const ONRAMP_MESSAGES = {
  amountNotNumber: { key: 'onramp.amountNotNumber' },
  amountNotPositive: { key: 'onramp.amountNotPositive' },
  tooManyDecimals: { key: 'onramp.tooManyDecimals', params: { decimals: ONRAMP_FIAT_DECIMALS } },
  amountBelowMin: (min: string, currency: string): Message => ({
    key: 'onramp.amountBelowMin',
    params: { min, currency },
  }),
  amountAboveMax: (max: string, currency: string): Message => ({
    key: 'onramp.amountAboveMax',
    params: { max, currency },
  }),
  amountRequired: { key: 'onramp.amountRequired' },
  noAsset: { key: 'onramp.noAsset' },
  noPaymentMethod: { key: 'onramp.noPaymentMethod' },
  noProvider: { key: 'onramp.noProvider' },
  loadFailed: { key: 'onramp.loadFailed' },
  popupBlocked: { key: 'onramp.popupBlocked' },
  openFailed: { key: 'onramp.openFailed' },
  /** The API named a checkout page on an origin that is not an allowed provider's. */
  checkoutRefused: (origin: string): Message => ({
    key: 'onramp.checkoutRefused',
    params: { origin },
  }),
  windowClosed: { key: 'onramp.windowClosed' },
  timeout: { key: 'onramp.timeout' },
  cardDeclined: { key: 'onramp.cardDeclined' },
  providerFailed: { key: 'onramp.providerFailed' },
  deliveryFailed: { key: 'onramp.deliveryFailed' },
  purchaseFailed: { key: 'onramp.purchaseFailed' },
} as const satisfies Record<
  string,
  Message | ((a: string, b: string) => Message) | ((a: string) => Message)
>

/** How a provider's failure code reads for the user. */
export function failureMessage(code: string | undefined): Message {
  if (code === 'card_declined') return ONRAMP_MESSAGES.cardDeclined
  if (code === 'provider_failed') return ONRAMP_MESSAGES.providerFailed
  if (code === 'delivery_failed') return ONRAMP_MESSAGES.deliveryFailed
  return ONRAMP_MESSAGES.purchaseFailed
}

/**
 * Checks what the user typed as the amount to pay: a number with at most 2 decimals (cents),
 * above zero, within the payment method's limits. An empty amount is not an error yet.
 */
export function checkOnrampAmount(
  amount: string,
  limits: OnrampPaymentMethodLimit | undefined,
  currency: string,
): Message | undefined {
  const text = amount.trim()
  if (text === '') return undefined
  if (!/^\d*\.?\d*$/.test(text) || text === '.') return ONRAMP_MESSAGES.amountNotNumber
  if (fractionDigits(text) > ONRAMP_FIAT_DECIMALS) return ONRAMP_MESSAGES.tooManyDecimals
  const decimals = Math.max(
    ONRAMP_FIAT_DECIMALS,
    fractionDigits(limits?.min ?? ''),
    fractionDigits(limits?.max ?? ''),
  )
  const value = parseDecimal(text, decimals)
  if (value === undefined) return ONRAMP_MESSAGES.amountNotNumber
  if (value === 0n) return ONRAMP_MESSAGES.amountNotPositive
  if (!limits) return undefined
  const min = parseDecimal(limits.min, decimals)
  const max = parseDecimal(limits.max, decimals)
  if (min !== undefined && value < min) {
    return ONRAMP_MESSAGES.amountBelowMin(limits.min, currency)
  }
  if (max !== undefined && value > max) {
    return ONRAMP_MESSAGES.amountAboveMax(limits.max, currency)
  }
  return undefined
}
