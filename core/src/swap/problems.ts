import type { PorticoError } from '../errors/index.js'
import type { Kit } from '../kitType.js'
import type { Message } from '../messages/types.js'
import { SWAP_MESSAGES } from './messages.js'

/** The swap API's words for a trade no pool route can carry (the hosted service's, as the devnet's). */
const LIQUIDITY = /insufficient liquidity/i
const NOT_ENOUGH_BALANCE = /not enough balance/i
/** Router02's reverts a user can act on. */
const OUTPUT_TOO_LOW = /INSUFFICIENT_OUTPUT_AMOUNT/
const EXPIRED = /EXPIRED/

/**
 * What the chain's reason for refusing a swap means for the user: the price moved past the
 * slippage tolerance, the deadline passed, or the contract's own words.
 */
export function revertMessage(reason: string | undefined, slippage: number): Message | undefined {
  if (!reason) return undefined
  if (OUTPUT_TOO_LOW.test(reason)) return SWAP_MESSAGES.priceMoved(slippage)
  if (EXPIRED.test(reason)) return SWAP_MESSAGES.expired
  return SWAP_MESSAGES.reverted(reason)
}

/** How failures of the swap's calls and transactions read for the user. */
export function createProblems({ PorticoError }: Pick<Kit, 'PorticoError'>) {
  /** Anything thrown, as a PorticoError (the original kept as the cause). */
  const asError = (cause: unknown): PorticoError =>
    cause instanceof PorticoError
      ? cause
      : new PorticoError('UNKNOWN_ERROR', 'Unexpected error', { cause })

  const withMessage = (error: PorticoError, message: Message) =>
    new PorticoError(error.code as 'API_ERROR', error.message, {
      cause: error,
      details: { ...error.details, message },
    })

  return {
    asError,
    /**
     * A failed swap API call: the catalogue's errors for a chain the API does not serve,
     * "insufficient liquidity" and "not enough balance" as the form's messages, anything else as
     * it was.
     */
    apiProblem(cause: unknown, symbol: string): PorticoError {
      const error = asError(cause)
      const said = error.details?.serverMessage
      if (error.code !== 'API_ERROR' || typeof said !== 'string') return error
      if (said === 'Network not supported for Swaps') {
        return new PorticoError('SWAP_NETWORK_NOT_SUPPORTED', { cause: error })
      }
      if (said === 'Network not supported for Gas Price') {
        return new PorticoError('GAS_PRICE_NETWORK_NOT_SUPPORTED', { cause: error })
      }
      if (LIQUIDITY.test(said)) return withMessage(error, SWAP_MESSAGES.insufficientLiquidity)
      if (NOT_ENOUGH_BALANCE.test(said)) {
        return withMessage(error, SWAP_MESSAGES.insufficientBalance(symbol))
      }
      return error
    },
    /** A wallet or chain failure of a swap transaction, with the message that says why. */
    transactionProblem(cause: unknown, slippage: number): PorticoError {
      const error = asError(cause)
      const reason = error.details?.reason
      const message = revertMessage(typeof reason === 'string' ? reason : undefined, slippage)
      return message && !error.details?.message ? withMessage(error, message) : error
    },
  }
}
