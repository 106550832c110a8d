import { formatAmount, parseDecimal } from '../kit.js'
import { ONRAMP_ESTIMATE_FEE_BPS, ONRAMP_FIAT_DECIMALS, ONRAMP_MOCK_QUOTE_ID } from './tuning.js'
import type { OnrampQuote } from './types.js'

/** Cents as money text with its two decimals (`4901n` → `'49.01'`). */
export function formatCents(cents: bigint): string {
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`
}

/** Decimals shown for an estimated token amount: an estimate is no more precise than this. */
const ESTIMATE_DECIMALS = 6

/**
 * The estimate shown when the quote call fails, with a mocked quote id: the total as typed, the
 * providers' highest fee (2 %, rounded up to the cent), no network fee, and what the rest buys at
 * `usdPrice` when the amount is in USD and a price is known (else the amount is left empty: the
 * SDK cannot tell). Undefined for an amount that is not a positive amount of cents.
 */
export function estimateQuote(parameters: {
  amount: string
  currency: string
  symbol: string
  usdPrice: number | undefined
}): OnrampQuote | undefined {
  const { currency, symbol, usdPrice } = parameters
  const total = parseDecimal(parameters.amount, ONRAMP_FIAT_DECIMALS)
  if (total === undefined || total <= 0n) return undefined
  const fee = (total * ONRAMP_ESTIMATE_FEE_BPS + 9_999n) / 10_000n
  const subtotal = total - fee
  const money = (cents: bigint) => ({ amount: formatCents(cents), currency })
  const priced = currency === 'USD' && usdPrice !== undefined && usdPrice > 0
  const tokens = priced ? Number(subtotal) / 100 / usdPrice : undefined
  return {
    quoteId: ONRAMP_MOCK_QUOTE_ID,
    paymentTotal: money(total),
    coinbaseFee: money(fee),
    networkFee: money(0n),
    paymentSubtotal: money(subtotal),
    purchaseAmount: {
      amount: tokens === undefined ? '' : formatAmount(tokens, ESTIMATE_DECIMALS),
      currency: symbol,
    },
    isEstimate: true,
  }
}
