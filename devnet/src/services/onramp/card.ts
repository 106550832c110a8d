import { fail, isObject, OnrampInputError } from './parse.js'

// What the checkout page sends: the card, and where the page was opened from.

/** Whether a card number passes the Luhn check every issued card number passes. */
export function luhnValid(digits: string): boolean {
  let sum = 0
  let double = false
  for (let i = digits.length - 1; i >= 0; i--) {
    let digit = digits.charCodeAt(i) - 48
    if (double) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
    double = !double
  }
  return sum % 10 === 0
}

export type CardDetails = { number: string; last4: string; expMonth: number; expYear: number }

/**
 * The checkout form `{ cardNumber, expiry, cvc }`: a 12–19 digit number passing the Luhn check
 * (spaces and dashes allowed between digits), an expiry `MM/YY` (or `MM/YYYY`) not in the past
 * by `now`, and a 3–4 digit security code. Every field's problem is reported at once under
 * `fields`, keyed by the field name.
 */
export function parseCardPayment(body: unknown, now: number): CardDetails {
  if (!isObject(body)) return fail('expected a JSON object { cardNumber, expiry, cvc }')
  const fields: Record<string, string> = {}

  const rawNumber = body.cardNumber
  const number = typeof rawNumber === 'string' ? rawNumber.replace(/[ -]/g, '') : ''
  if (typeof rawNumber !== 'string' || rawNumber.trim() === '') {
    fields.cardNumber = 'Enter the card number.'
  } else if (
    !/^\d{12,19}$/.test(number) ||
    !/^\d[\d -]*$/.test(rawNumber.trim()) ||
    !luhnValid(number)
  ) {
    fields.cardNumber = 'The card number is not valid.'
  }

  let expMonth = 0
  let expYear = 0
  const expiry = typeof body.expiry === 'string' ? body.expiry.trim() : undefined
  const match = expiry === undefined ? null : /^(\d{2})\s*\/\s*(\d{2}|\d{4})$/.exec(expiry)
  if (!expiry) fields.expiry = 'Enter the expiry date as MM/YY.'
  else if (!match || Number(match[1]) < 1 || Number(match[1]) > 12) {
    fields.expiry = 'Enter the expiry date as MM/YY.'
  } else {
    expMonth = Number(match[1])
    const year = match[2] as string
    expYear = year.length === 2 ? 2000 + Number(year) : Number(year)
    const today = new Date(now)
    const current = today.getUTCFullYear() * 12 + today.getUTCMonth() + 1
    if (expYear * 12 + expMonth < current) fields.expiry = 'The card has expired.'
  }

  if (typeof body.cvc !== 'string' || !/^\d{3,4}$/.test(body.cvc)) {
    fields.cvc = 'Enter the 3 or 4 digit security code.'
  }

  if (Object.keys(fields).length > 0) throw new OnrampInputError('invalid card details', fields)
  return { number, last4: number.slice(-4), expMonth, expYear }
}

/**
 * The origin in an `Origin` header, when it is a serialized http(s) origin; null for `null`
 * (opaque origins), absent headers and anything else.
 */
export function parseOrigin(value: string | undefined): string | null {
  if (!value || value === 'null') return null
  try {
    const url = new URL(value)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
    return url.origin === value ? url.origin : null
  } catch {
    return null
  }
}

/** The origin of a `Referer` URL (http or https), or null. */
export function originOfReferer(value: string | undefined): string | null {
  if (!value) return null
  try {
    const url = new URL(value)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
    return url.origin
  } catch {
    return null
  }
}
