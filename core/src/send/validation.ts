import type { TokenBalance } from '../balances/index.js'
import { fractionDigits, parseDecimal } from '../kit.js'
import type { Message } from '../messages/index.js'
import type { NameCheck } from '../names/index.js'

/** What the send form tells the user, as message keys (the UI renders them). */
export const SEND_MESSAGES = {
  amountNotPositive: { key: 'send.amountNotPositive' },
  amountNotNumber: { key: 'send.amountNotNumber' },
  tooManyDecimals: (decimals: number): Message => ({
    key: 'send.tooManyDecimals',
    params: { decimals },
  }),
  overBalance: { key: 'send.overBalance' },
  invalidAddress: { key: 'send.invalidAddress' },
  nameNotFound: { key: 'send.nameNotFound' },
  wrongNetwork: { key: 'send.wrongNetwork' },
} as const satisfies Record<string, Message | ((decimals: number) => Message)>

/** Checks an amount against the token: a positive number, within its decimals and the balance. */
export function checkAmount(amount: string, token: TokenBalance | undefined): Message | undefined {
  const text = amount.trim()
  if (text === '') return undefined
  if (!/^-?\d*\.?\d*$/.test(text) || text === '.' || text === '-') {
    return SEND_MESSAGES.amountNotNumber
  }
  if (text.startsWith('-')) return SEND_MESSAGES.amountNotPositive
  if (!token) return undefined
  const decimals = Number(token.quantity.decimals)
  if (fractionDigits(text) > decimals) return SEND_MESSAGES.tooManyDecimals(decimals)
  const value = parseDecimal(text, decimals)
  if (value === undefined) return SEND_MESSAGES.amountNotNumber
  if (value <= 0n) return SEND_MESSAGES.amountNotPositive
  const balance = parseDecimal(token.quantity.numeric, decimals)
  if (balance === undefined || value > balance) return SEND_MESSAGES.overBalance
  return undefined
}

export type ReceiverInput =
  | { kind: 'empty' }
  | { kind: 'address'; address: string }
  | { kind: 'name'; name: string }
  | { kind: 'invalid'; message: Message }

/**
 * What the receiver field holds: an address of the namespace, a name (with or without the
 * `.reown.id` suffix) that follows the name rule `checkName`, or neither, with the message that
 * says why. Without `checkName`, where names do not apply (they resolve to EVM addresses only),
 * anything but an address is an invalid address. The rule is handed in: the heavy half that
 * reads the field gets it from its shell, which the page has loaded already.
 */
export function readReceiver(
  input: string,
  isAddress: (value: string) => boolean,
  checkName?: (name: string) => NameCheck,
): ReceiverInput {
  const text = input.trim()
  if (!text) return { kind: 'empty' }
  if (isAddress(text)) return { kind: 'address', address: text }
  if (!checkName || /^0x/i.test(text)) {
    return { kind: 'invalid', message: SEND_MESSAGES.invalidAddress }
  }
  if (text.toLowerCase().endsWith('.wcn.id')) {
    const label = text.slice(0, -'.wcn.id'.length)
    const check = checkName(label)
    return check.valid
      ? { kind: 'name', name: `${check.label}.wcn.id` }
      : { kind: 'invalid', message: check.message }
  }
  const check = checkName(text)
  return check.valid
    ? { kind: 'name', name: check.name }
    : { kind: 'invalid', message: check.message }
}
