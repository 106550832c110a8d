import { createPublicClient, erc20Abi, getAddress, http, type PublicClient } from 'viem'
import type { LazyContext } from '../kernel/feature.js'
import { PorticoError, parseCaipAddress } from '../kit.js'
import type { NetworkInternal } from '../network/index.js'
import { isNativeAddress } from './tokens.js'
import type { SwapToken } from './types.js'

/**
 * The swap API names each token's decimals, and the typed amount becomes base units with them:
 * an API that says 18 for a 6-decimal token would make "100" sell 10^14 times more. So before a
 * review is built, each ERC-20 of the swap has its `decimals()` read from the chain through the
 * app's RPC (once per token and client: a token's decimals never change) and a mismatch is
 * refused (TOKEN_DECIMALS_MISMATCH). The native token's come from the app's network.
 */
export function createDecimalsCheck(context: LazyContext, network: NetworkInternal) {
  const clients = new Map<string, PublicClient>()
  const read = new Map<string, Promise<number>>()

  function clientOf(chainId: string): PublicClient {
    let client = clients.get(chainId)
    if (!client) {
      const url = network.find(chainId)?.rpcUrls.http[0]
      if (!url) throw new PorticoError('UNSUPPORTED_CHAIN')
      client = createPublicClient({
        transport: http(url, { retryCount: 1, fetchFn: context.fetch }),
      }) as PublicClient
      clients.set(chainId, client)
    }
    return client
  }

  function chainDecimals(token: SwapToken): Promise<number> {
    const key = token.address.toLowerCase()
    let decimals = read.get(key)
    if (!decimals) {
      const { address } = parseCaipAddress(token.address)
      decimals = Promise.resolve()
        .then(() =>
          clientOf(token.chainId).readContract({
            address: getAddress(address),
            abi: erc20Abi,
            functionName: 'decimals',
          }),
        )
        .catch((cause: unknown) => {
          // A failed read is asked again next time, not remembered.
          read.delete(key)
          throw cause instanceof PorticoError
            ? cause
            : new PorticoError(
                'CONTRACT_READ_FAILED',
                `The decimals of ${token.symbol} could not be read from the chain`,
                { cause, details: { token: token.address } },
              )
        })
      read.set(key, decimals)
    }
    return decimals
  }

  /** Resolves when every ERC-20 of `tokens` has the decimals the chain says. */
  return async function checkDecimals(tokens: readonly SwapToken[]): Promise<void> {
    await Promise.all(
      tokens
        .filter((token) => !isNativeAddress(token.address))
        .map(async (token) => {
          const onChain = await chainDecimals(token)
          if (onChain !== token.decimals) {
            throw new PorticoError(
              'TOKEN_DECIMALS_MISMATCH',
              `${token.symbol} has ${onChain} decimals on chain, not ${token.decimals}`,
              { details: { token: token.address, given: token.decimals, chain: onChain } },
            )
          }
        }),
    )
  }
}
