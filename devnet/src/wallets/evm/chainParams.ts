import { isHex } from 'viem'
import { invalidParams } from './errors.js'
import type { DevnetWalletChain } from './types.js'

// The chain parameters of wallet_switchEthereumChain and wallet_addEthereumChain, checked.

export function parseChainId(value: unknown): number {
  if (typeof value === 'string' && isHex(value)) return Number.parseInt(value, 16)
  if (typeof value === 'number' && Number.isInteger(value)) return value
  throw invalidParams('chainId must be a hex string')
}

/** The chain wallet_addEthereumChain asks for; null when the wallet already knows its id. */
export function parseAddChain(
  params: unknown[],
  known: (chainId: number) => boolean,
): DevnetWalletChain | null {
  const request = params[0] as
    | { chainId?: unknown; chainName?: unknown; rpcUrls?: unknown }
    | undefined
  const chainId = parseChainId(request?.chainId)
  if (known(chainId)) return null
  const rpcUrl = Array.isArray(request?.rpcUrls) ? request.rpcUrls[0] : undefined
  if (typeof rpcUrl !== 'string' || !/^https?:\/\//.test(rpcUrl)) {
    throw invalidParams('rpcUrls must hold an http(s) URL')
  }
  const name = typeof request?.chainName === 'string' ? request.chainName : `Chain ${chainId}`
  return { chainId, name, rpcUrl }
}
