import type { Address } from 'viem'
import { NATIVE_CURRENCY } from './constants.js'
import { type SwapAsset, TOKEN_DEFINITIONS } from './tokens.js'
import type { DevnetSwap, DevnetTokens } from './types.js'

/** Symbol and decimals of a pool asset; `eth` is the native token (WETH inside the pairs). */
export function assetInfo(asset: SwapAsset): { symbol: string; decimals: number } {
  if (asset === 'eth') return { symbol: NATIVE_CURRENCY.symbol, decimals: NATIVE_CURRENCY.decimals }
  const token = TOKEN_DEFINITIONS.find((t) => t.key === asset)
  if (!token) throw new Error(`unknown token ${asset}`)
  return { symbol: token.symbol, decimals: token.decimals }
}

/** The contract that holds an asset inside the pairs: WETH for the native token. */
export function assetAddress(asset: SwapAsset, tokens: DevnetTokens, swap: DevnetSwap): Address {
  return asset === 'eth' ? swap.weth : tokens[asset]
}

/** The pool asset at a contract address, if it is one of the devnet's. */
export function assetAt(
  address: Address,
  tokens: DevnetTokens,
  swap: DevnetSwap,
): SwapAsset | undefined {
  const lower = address.toLowerCase()
  if (swap.weth.toLowerCase() === lower) return 'eth'
  return TOKEN_DEFINITIONS.find((t) => tokens[t.key].toLowerCase() === lower)?.key
}
