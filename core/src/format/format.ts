import { MAX_AMOUNT_TEXT_LENGTH } from './decimal.js'

/** Addresses are shown as their first 4 and last 6 characters. */
export const ADDRESS_TRUNCATE = { start: 4, end: 6 } as const

/** `0x1234…abcdef`: the first 4 and last 6 characters by default (spec §9). */
export function truncateAddress(
  address: string,
  start: number = ADDRESS_TRUNCATE.start,
  end: number = ADDRESS_TRUNCATE.end,
): string {
  if (address.length <= start + end + 1) return address
  return `${address.slice(0, start)}…${address.slice(-end)}`
}

/**
 * A decimal string cut (not rounded up) to at most `decimals` places, trailing zeros dropped:
 * `formatAmount('1.23456789', 3)` → `'1.234'`. Invalid input, and text longer than any amount
 * (400 characters), gives `'0'`.
 */
export function formatAmount(value: string | number, decimals = 4): string {
  // Stryker disable next-line ConditionalExpression: a number has no length, so the type test only documents intent
  if (typeof value === 'string' && value.length > MAX_AMOUNT_TEXT_LENGTH) return '0'
  // Stryker disable next-line ConditionalExpression,StringLiteral: NaN and ±Infinity also fail the pattern below ('NaN', '∞'); this says so early
  if (typeof value === 'number' && !Number.isFinite(value)) return '0'
  const text =
    typeof value === 'number'
      ? // toFixed writes 1e21 and above in exponent form; the locale writer spells them out.
        Math.abs(value) >= 1e21
        ? value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 0 })
        : value.toFixed(20)
      : value.trim()
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text)
  // Text with no digit ('', '.', '-', '-.') matches too, and comes out as '0' below.
  if (!match) return '0'
  const [, sign, whole = '', fraction = ''] = match
  const cut = fraction.slice(0, Math.max(0, decimals)).replace(/0+$/, '')
  const integer = whole.replace(/^0+(?=\d)/, '') || '0'
  const result = cut ? `${integer}.${cut}` : integer
  return result === '0' ? '0' : `${sign}${result}`
}
