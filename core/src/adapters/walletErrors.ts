import { isPorticoError, PorticoError } from '../errors/index.js'
import { cleanDisplayText } from '../security/text.js'
import { isRecord } from '../storage/validators.js'

/** A wallet's own error text kept in a message: enough to say what went wrong, no more. */
const MAX_WALLET_MESSAGE_LENGTH = 200

/** EIP-1193 and EIP-3326 error codes Portico reacts to. */
export const WALLET_ERROR_CODES = {
  userRejected: 4001,
  unauthorized: 4100,
  unsupportedMethod: 4200,
  disconnected: 4900,
  unrecognizedChain: 4902,
} as const

/** The numeric code of a wallet error, looking inside wrappers that some wallets add. */
export function walletErrorCode(error: unknown): number | undefined {
  let current: unknown = error
  try {
    for (let depth = 0; depth < 4 && isRecord(current); depth++) {
      if (typeof current.code === 'number') return current.code
      const data = isRecord(current.data) ? current.data : undefined
      current = data?.originalError ?? current.cause
    }
  } catch {
    // A getter that throws or a revoked Proxy: a value with no code we can read.
  }
  return undefined
}

export function isUserRejection(error: unknown): boolean {
  return (
    walletErrorCode(error) === WALLET_ERROR_CODES.userRejected ||
    isPorticoError(error, 'USER_REJECTED')
  )
}

/** Turns whatever a wallet threw into a PorticoError with a short message and the cause. */
export function toWalletError(error: unknown, action: string): PorticoError {
  if (isPorticoError(error)) return error
  const code = walletErrorCode(error)
  if (code === WALLET_ERROR_CODES.userRejected) {
    return new PorticoError('USER_REJECTED', `The wallet rejected the ${action}`, {
      cause: error,
      details: { code },
    })
  }
  // The wallet's words are untrusted text: cleaned and cut like any name from outside.
  const message = readSafely(() =>
    isRecord(error) ? cleanDisplayText(error.message, MAX_WALLET_MESSAGE_LENGTH) : undefined,
  )
  const text = message ? `: ${message}` : ''
  return new PorticoError('WALLET_ERROR', `The wallet failed the ${action}${text}`, {
    cause: error,
    details: { code },
  })
}

/**
 * Reads a property of what a wallet threw. A wallet may throw anything, a getter that throws or a
 * revoked Proxy included: such a value reads as nothing, so reporting the error never throws.
 */
export function readSafely<T>(read: () => T): T | undefined {
  try {
    return read()
  } catch {
    return undefined
  }
}
