/**
 * Exact arithmetic for prices. Prices are JavaScript numbers in the price table; reserves are
 * integers of token units. Multiplying them as floats would turn the seeded 100 ETH / 120 000 PTK
 * into 2.4999999999999996 USD per PTK, so prices are carried as fractions of bigints and turned
 * into a number once, at the end.
 */
export type Fraction = { n: bigint; d: bigint }

/**
 * `value` × 10^`scale` as an integer, exact for the number's shortest decimal form (what
 * `String(value)` prints, exponent forms included), digits past the scale dropped.
 */
export function scaleNumber(value: number, scale: number): bigint {
  if (!Number.isFinite(value) || value < 0) throw new Error(`not a non-negative number: ${value}`)
  const [mantissa = '0', exponent = '0'] = String(value).toLowerCase().split('e')
  const [whole = '0', fraction = ''] = mantissa.split('.')
  const digits = BigInt(`${whole}${fraction}`)
  const shift = Number(exponent) - fraction.length + scale
  return shift >= 0 ? digits * 10n ** BigInt(shift) : digits / 10n ** BigInt(-shift)
}

const NUMBER_SCALE = 18

export function fractionOf(value: number): Fraction {
  return { n: scaleNumber(value, NUMBER_SCALE), d: 10n ** BigInt(NUMBER_SCALE) }
}

export function multiply(a: Fraction, n: bigint, d: bigint): Fraction {
  return { n: a.n * n, d: a.d * d }
}

/** The fraction as the nearest number to its value rounded down at 18 decimals. */
export function toNumber(f: Fraction): number {
  if (f.d === 0n) throw new Error('division by zero')
  const scaled = (f.n * 10n ** BigInt(NUMBER_SCALE)) / f.d
  const text = scaled.toString().padStart(NUMBER_SCALE + 1, '0')
  const cut = text.length - NUMBER_SCALE
  return Number(`${text.slice(0, cut)}.${text.slice(cut)}`)
}
