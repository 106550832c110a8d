import { BaseError, UserRejectedRequestError } from 'viem'

/**
 * What the page says about a failed wagmi call: a refusal in the wallet in the app's own words
 * (viem's `UserRejectedRequestError`, the cause of a refused transaction too), anything else as
 * viem's short message tells it.
 */
export function wagmiErrorText(error: Error): string {
  if (error instanceof BaseError) {
    if (error.walk((cause) => cause instanceof UserRejectedRequestError)) {
      return 'You declined the request in your wallet.'
    }
    return error.shortMessage
  }
  return error.message
}
