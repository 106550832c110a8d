import { type Chain, defineChain } from 'viem'
import { MULTICALL3_ADDRESS, NATIVE_CURRENCY } from './constants.js'
import type { DevnetChain } from './types.js'

/** A devnet chain as viem wants it, with Multicall3 declared so `multicall` batches reads. */
export function toViemChain(chain: DevnetChain): Chain {
  return defineChain({
    id: chain.chainId,
    name: chain.name,
    nativeCurrency: NATIVE_CURRENCY,
    rpcUrls: { default: { http: [chain.rpcUrl] } },
    contracts: { multicall3: { address: MULTICALL3_ADDRESS } },
    testnet: true,
  })
}
