import type { Address } from 'viem'
import { pairAddress } from '../../chains/evm/addresses.js'
import { assetAddress } from '../../chains/evm/assets.js'
import { NATIVE_CURRENCY, NATIVE_TOKEN_ADDRESS } from '../../chains/evm/constants.js'
import type { ChainReader } from '../../chains/evm/reader.js'
import { type SwapAsset, TOKEN_DEFINITIONS } from '../../chains/evm/tokens.js'
import type { DevnetSwap, DevnetTokens } from '../../chains/evm/types.js'
import { uniswapV2PairAbi } from '../../chains/evm/uniswap.js'

export type SwapToken = {
  name: string
  symbol: string
  /** CAIP-10. */
  address: string
  decimals: number
  logoUri: string
  eip2612: boolean
}

/**
 * The tokens a swap can use on the chain: the native token and every devnet token that sits
 * in a pair holding liquidity (read now, so a pool a test creates lists its tokens too).
 */
export async function listSwapTokens(
  chain: { reader: ChainReader; tokens: DevnetTokens; swap: DevnetSwap },
  chainId: number,
  logoUri: (symbol: string) => string,
): Promise<SwapToken[]> {
  const { reader, tokens, swap } = chain
  const client = reader.client
  const assets: SwapAsset[] = ['eth', ...TOKEN_DEFINITIONS.map((t) => t.key)]
  const pairs: [SwapAsset, SwapAsset][] = assets.flatMap((a, i) =>
    assets.slice(i + 1).map((b) => [a, b] as [SwapAsset, SwapAsset]),
  )
  const results = await client.multicall({
    allowFailure: true,
    contracts: pairs.map(
      ([a, b]) =>
        ({
          address: pairAddress(
            swap.factory,
            assetAddress(a, tokens, swap),
            assetAddress(b, tokens, swap),
          ),
          abi: uniswapV2PairAbi,
          functionName: 'getReserves',
        }) as const,
    ),
  })
  const liquid = new Set<SwapAsset>()
  pairs.forEach(([a, b], i) => {
    const result = results[i]
    if (result?.status !== 'success') return
    const [reserve0, reserve1] = result.result
    if (reserve0 > 0n && reserve1 > 0n) {
      liquid.add(a)
      liquid.add(b)
    }
  })
  const erc20s = TOKEN_DEFINITIONS.filter((t) => liquid.has(t.key)).map((t) => tokens[t.key])
  const metadata = await reader.readMetadata(erc20s)
  const caip = (address: Address) => `eip155:${chainId}:${address}`
  const list: SwapToken[] = []
  if (liquid.has('eth')) {
    list.push({
      name: NATIVE_CURRENCY.name,
      symbol: NATIVE_CURRENCY.symbol,
      address: caip(NATIVE_TOKEN_ADDRESS),
      decimals: NATIVE_CURRENCY.decimals,
      logoUri: logoUri(NATIVE_CURRENCY.symbol),
      eip2612: false,
    })
  }
  for (const token of metadata) {
    list.push({
      name: token.name,
      symbol: token.symbol,
      address: caip(token.address),
      decimals: token.decimals,
      logoUri: logoUri(token.symbol),
      // The devnet's tokens have no `permit`: every swap of a token needs an approval first.
      eip2612: false,
    })
  }
  return list
}
