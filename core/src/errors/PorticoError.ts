import { type ThrownErrorCode, thrownErrors } from './catalogue.js'

/** Codes for errors outside the catalogue: bad options, API faults, wallet refusals. */
export const EXTRA_ERROR_CODES = [
  'INVALID_OPTIONS',
  'INVALID_NETWORK',
  'API_ERROR',
  'API_TIMEOUT',
  'INVALID_RESPONSE',
  'USER_REJECTED',
  'WALLET_ERROR',
  /** A wallet did not answer a request in time (details: the request and the seconds waited). */
  'WALLET_TIMEOUT',
  /** WalletConnect's relay could not be reached in time (details: the step and the seconds waited). */
  'RELAY_UNAVAILABLE',
  'INVALID_INPUT',
  'ABORTED',
  'TIMEOUT',
  /** Code loaded on first use could not be fetched (details: the module); trying again may work. */
  'MODULE_LOAD_FAILED',
  /** The app's call needs a wallet of the namespace and none is connected. */
  'NOT_CONNECTED',
  /** The account the app's call was for is no longer the connected one (details: both). */
  'ACCOUNT_CHANGED',
  /** The wallet is on another chain than the app's call asks for, and the app refuses to switch. */
  'CHAIN_MISMATCH',
  /** The app's transaction was mined but reverted (details: the hash and the chain's reason). */
  'TRANSACTION_REVERTED',
  /** Reading a contract failed: it reverted or the node did not answer (the cause says which). */
  'CONTRACT_READ_FAILED',
  'UNKNOWN_ERROR',
  /**
   * A swap transaction the swap API built does not do what the review says (details.reason: call,
   * router, spender, amount, recipient, path, minimum or value); nothing was sent.
   */
  'SWAP_TRANSACTION_REFUSED',
  /**
   * The decimals an amount was read with are not the token's on chain (details: the token, the
   * decimals given and the chain's); nothing was sent.
   */
  'TOKEN_DECIMALS_MISMATCH',
] as const
export type ExtraErrorCode = (typeof EXTRA_ERROR_CODES)[number]

/** Every stable error code: the catalogue's and the SDK's own. */
export type PorticoErrorCode = ThrownErrorCode | ExtraErrorCode

export type PorticoErrorParameters = {
  cause?: unknown
  /** Machine-readable detail (an HTTP status, the field that failed). */
  details?: Record<string, unknown>
}

/**
 * The one error class of Portico. `code` is stable across versions; `message` is the catalogue
 * text for catalogue codes.
 *
 * `C` narrows the code for types only (the class is the same at run time): an action's
 * `XErrorType` is `PorticoError<the codes it can reject with>`, `new PorticoError('ABORTED', …)`
 * is a `PorticoError<'ABORTED'>`, and `isPorticoError(error, 'ABORTED')` narrows to it. Without
 * `C`, it is any code.
 */
export class PorticoError<C extends PorticoErrorCode = PorticoErrorCode> extends Error {
  override readonly name = 'PorticoError'
  readonly code: C
  readonly details: Record<string, unknown> | undefined

  constructor(code: C & ThrownErrorCode, parameters?: PorticoErrorParameters)
  constructor(code: C & ExtraErrorCode, message: string, parameters?: PorticoErrorParameters)
  constructor(
    code: PorticoErrorCode,
    messageOrParameters?: string | PorticoErrorParameters,
    maybeParameters?: PorticoErrorParameters,
  ) {
    const parameters =
      typeof messageOrParameters === 'string' ? maybeParameters : messageOrParameters
    const message =
      typeof messageOrParameters === 'string'
        ? messageOrParameters
        : thrownErrors[code as ThrownErrorCode]
    super(message, parameters?.cause === undefined ? undefined : { cause: parameters.cause })
    this.code = code as C
    this.details = parameters?.details
  }
}

/**
 * Whether a value is a PorticoError, optionally with a given code (one code, or any of several
 * when `code` is a union type): with one, it narrows to `PorticoError<that code>`.
 */
export function isPorticoError<C extends PorticoErrorCode>(
  value: unknown,
  code: C,
): value is PorticoError<C>
export function isPorticoError(value: unknown, code?: PorticoErrorCode): value is PorticoError
export function isPorticoError(value: unknown, code?: PorticoErrorCode): value is PorticoError {
  try {
    return value instanceof PorticoError && (code === undefined || value.code === code)
  } catch {
    // A wallet may throw anything, a revoked Proxy included, whose prototype cannot be read:
    // that is not one of ours, and asking must not throw in the handler that reports it.
    return false
  }
}
