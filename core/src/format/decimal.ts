/**
 * Parses a decimal string ("12.5") into the token's smallest unit, exactly (no floating point).
 * Returns undefined for anything that is not a plain non-negative decimal or that has more
 * fraction digits than `decimals`.
 */
export function parseDecimal(value: string, decimals: number): bigint | undefined {
  const match = /^(\d*)(?:\.(\d*))?$/.exec(value.trim())
  if (!match || value.trim() === '' || value.trim() === '.') return undefined
  const whole = match[1] ?? ''
  const fraction = match[2] ?? ''
  if (fraction.length > decimals) return undefined
  return BigInt(`${whole || '0'}${fraction.padEnd(decimals, '0')}` || '0')
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
