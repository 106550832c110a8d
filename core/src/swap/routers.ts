import type { CaipNetworkId } from '../caip/index.js'

/**
 * Uniswap V2 Router02 on the swap networks that have one, by eip155 chain id (Uniswap's own list
 * of v2 deployments: docs.uniswap.org, "V2 Deployment Addresses"). The swap networks without an
 * official Router02 (zkSync Era, Gnosis, Fantom, Kaia, Aurora) have none here: there a swap is
 * refused unless the app names the router it trusts (`swaps.routers`).
 */
export const UNISWAP_V2_ROUTERS: Readonly<Record<number, readonly string[]>> = {
  1: ['0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D'],
  42161: ['0x4752ba5DBc23f44D87826276BF6Fd6b1C372aD24'],
  10: ['0x4A7b5Da61326A6379179b40d00F57E5bbDC962c2'],
  8453: ['0x4752ba5DBc23f44D87826276BF6Fd6b1C372aD24'],
  56: ['0x4752ba5DBc23f44D87826276BF6Fd6b1C372aD24'],
  137: ['0xedf6066a2b290C185783862C7F4776A2C8077AD1'],
  43114: ['0x4752ba5DBc23f44D87826276BF6Fd6b1C372aD24'],
}

/**
 * The routers a swap on `chainId` may call and an approval may name as spender: the built-in
 * ones and the app's (lower-cased, so any checksum case matches).
 */
export function knownRouters(
  chainId: CaipNetworkId,
  appRouters: Readonly<Record<number, readonly string[]>>,
): ReadonlySet<string> {
  const id = Number(chainId.split(':')[1])
  return new Set(
    [...(UNISWAP_V2_ROUTERS[id] ?? []), ...(appRouters[id] ?? [])].map((a) => a.toLowerCase()),
  )
}
