/** An EIP-1193 error: what `provider.request` rejects with. */
export class ProviderRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
    this.name = 'ProviderRpcError'
  }
}

export const userRejected = () => new ProviderRpcError(4001, 'User rejected the request.')

export const unauthorized = () =>
  new ProviderRpcError(
    4100,
    'The requested account and/or method has not been authorized by the user.',
  )

export const unsupportedMethod = (method: string) =>
  new ProviderRpcError(4200, `The Provider does not support the requested method: ${method}.`)

export const unrecognizedChain = (chainIdHex: string) =>
  new ProviderRpcError(
    4902,
    `Unrecognized chain ID "${chainIdHex}". Try adding the chain using wallet_addEthereumChain first.`,
  )

export const invalidParams = (message: string) => new ProviderRpcError(-32602, message)
