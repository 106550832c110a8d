import type { PorticoError } from '@portico/core'

/**
 * What the page says about a failed call: a refusal in the wallet in the app's own words, anything
 * else as the error tells it ("This transaction would fail: MessageEmpty()" for a write the
 * simulation refused, naming the contract's error).
 */
export function errorText(error: PorticoError): string {
  switch (error.code) {
    case 'USER_REJECTED':
      return 'You declined the request in your wallet.'
    case 'NOT_CONNECTED':
      return 'Connect a wallet first.'
    case 'WALLET_TIMEOUT':
      return 'The wallet did not answer in time.'
    default:
      return error.message
  }
}
