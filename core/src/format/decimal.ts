/** The most decimals a token can have: ERC-20 decimals are a uint8. */
export const MAX_TOKEN_DECIMALS = 255
/** The largest amount a token can hold in its smallest unit: a uint256. */
export const MAX_RAW_AMOUNT = 2n ** 256n - 1n
/**
 * Text longer than this is no amount, whatever the decimals (78 whole digits make a uint256, plus
 * the point, 255 fraction digits and room for surrounding spaces): it is refused before any
 * parsing, so a pasted megabyte costs nothing.
 */
export const MAX_AMOUNT_TEXT_LENGTH = 400

/**
 * Parses a decimal string ("12.5") into the token's smallest unit, exactly (no floating point).
 * Returns undefined for anything that is not a plain non-negative decimal, that has more fraction
 * digits than `decimals`, that is longer than 400 characters, or that does not fit a uint256.
 */
export function parseDecimal(value: string, decimals: number): bigint | undefined {
  if (value.length > MAX_AMOUNT_TEXT_LENGTH) return undefined
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_TOKEN_DECIMALS) return undefined
  const text = value.trim()
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text)
  if (!match || text === '' || text === '.') return undefined
  const whole = match[1] ?? ''
  const fraction = match[2] ?? ''
  if (fraction.length > decimals) return undefined
  // Never empty here ('' and '.' were refused above), and BigInt('') would be 0n anyway.
  const raw = BigInt(`${whole}${fraction.padEnd(decimals, '0')}`)
  return raw > MAX_RAW_AMOUNT ? undefined : raw
}

/** The number of fraction digits of a decimal string. */
export function fractionDigits(value: string): number {
  const dot = value.indexOf('.')
  return dot === -1 ? 0 : value.length - dot - 1
}

/** A raw amount back to a decimal string. */
export function formatDecimal(value: bigint, decimals: number): string {
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}
