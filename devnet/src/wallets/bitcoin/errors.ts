/**
 * What the wallet's methods reject with. Codes follow EIP-1193's where one fits (4001 rejected,
 * 4100 unauthorized) and JSON-RPC's otherwise; the sats-connect provider maps them to its own.
 */
export class BitcoinWalletError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
    this.name = 'BitcoinWalletError'
  }
}

export const USER_REJECTED_MESSAGE = 'User rejected the request.'

export const userRejected = () => new BitcoinWalletError(4001, USER_REJECTED_MESSAGE)
export const unauthorized = (message: string) => new BitcoinWalletError(4100, message)
export const invalidParams = (message: string) => new BitcoinWalletError(-32602, message)
