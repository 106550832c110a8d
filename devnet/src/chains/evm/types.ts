import type { PorticoNetwork } from '@portico/core'
import type { SwapPoolKey, TokenKey } from './tokens.js'

export type Address = `0x${string}`
export type Hex = `0x${string}`

export type DevnetChain = {
  chainId: number
  caipNetworkId: `eip155:${number}`
  name: string
  rpcUrl: string
}

/** Token and spam NFT addresses on one chain (the same on every chain). */
export type DevnetTokens = Record<TokenKey, Address> & { spamNft: Address }

/**
 * The Uniswap V2 contracts on one chain (the same on every chain): Router02 (the spender to
 * approve and the swap transactions' target), its factory, WETH9 (the native token inside
 * pairs), and the seeded pools' pairs.
 */
export type DevnetSwap = {
  router: Address
  factory: Address
  weth: Address
  pairs: Record<SwapPoolKey, Address>
}

export type DevnetAccount = { address: Address; privateKey: Hex }

/** The EVM chains' part of `devnet.info()`. */
export type EvmInfo = {
  /** The two chains apps configure (and the Blockchain API supports). */
  chains: DevnetChain[]
  /** The chain the wallet can switch to but apps do not configure (31339). */
  unlistedChain: DevnetChain
  /** The configured chains in the SDK's network shape. */
  networks: PorticoNetwork[]
  mnemonic: string
  /** Contract addresses by chain id, every chain including the unlisted one. */
  tokens: Record<number, DevnetTokens>
  /** The swap contracts by chain id, every chain including the unlisted one. */
  swap: Record<number, DevnetSwap>
  /**
   * `DevnetGuestbook`, a contract for an app to use as its own (sign, read, tip), by chain id,
   * every chain including the unlisted one; the same address on each. Its ABI is the exported
   * `DevnetGuestbook` (`DevnetGuestbook.abi`).
   */
  guestbook: Record<number, Address>
}
