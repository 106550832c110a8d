import type { ContractName } from './compile.js'

export type TokenKey = 'usdc' | 'ptk' | 'usdt' | 'junk'

export type TokenDefinition = {
  key: TokenKey
  contract: Extract<ContractName, 'DevnetToken' | 'DevnetTetherToken'>
  name: string
  symbol: string
  decimals: number
  /** Whole tokens minted to each funded account at start. */
  funding: bigint
}

/**
 * The devnet's tokens, in deployment order (the order fixes their addresses). Each exists to
 * exercise one SDK rule: USDC 6 decimals, PTK 18, USDT's no-return `transfer`, and JUNK's
 * decimals 0, which the SDK drops as low quality.
 */
export const TOKEN_DEFINITIONS: readonly TokenDefinition[] = [
  {
    key: 'usdc',
    contract: 'DevnetToken',
    name: 'USD Coin (Devnet)',
    symbol: 'USDC',
    decimals: 6,
    funding: 10_000n,
  },
  {
    key: 'ptk',
    contract: 'DevnetToken',
    name: 'Portico Token',
    symbol: 'PTK',
    decimals: 18,
    funding: 1_000n,
  },
  {
    key: 'usdt',
    contract: 'DevnetTetherToken',
    name: 'Tether USD (Devnet)',
    symbol: 'USDT',
    decimals: 6,
    funding: 5_000n,
  },
  {
    key: 'junk',
    contract: 'DevnetToken',
    name: 'Junk Token',
    symbol: 'JUNK',
    decimals: 0,
    funding: 500n,
  },
]

/**
 * The spam NFT collection (`DevnetSpamNft`): deployed on every chain after the swap contracts,
 * its address is on the devnet's spam list, so the history API flags its transfers as spam.
 */
export const SPAM_NFT = { name: 'Free Airdrop NFT', symbol: 'SPAM' } as const

/** What a swap pool holds: the native token (as WETH inside the pair) or a devnet token. */
export type SwapAsset = 'eth' | TokenKey

export type SwapPoolKey = 'ethUsdc' | 'ethPtk' | 'usdcUsdt'

export type SwapPoolDefinition = {
  key: SwapPoolKey
  /** How people name the pool: base/quote. */
  label: string
  base: SwapAsset
  quote: SwapAsset
  /** Whole base tokens seeded; the quote side follows from the price table (base × price ratio). */
  baseDepth: bigint
}

/**
 * The Uniswap V2 pools seeded at start, in seeding order. Each also prices a token for the
 * balance, price and history routes: the quote token is priced from the base (USDC is the
 * anchor), so the ETH price comes from ETH/USDC, PTK from ETH/PTK (through ETH) and USDT from
 * USDC/USDT. JUNK has no pool, so it cannot be swapped and keeps its table price.
 */
export const SWAP_POOLS: readonly SwapPoolDefinition[] = [
  { key: 'ethUsdc', label: 'ETH/USDC', base: 'eth', quote: 'usdc', baseDepth: 100n },
  { key: 'ethPtk', label: 'ETH/PTK', base: 'eth', quote: 'ptk', baseDepth: 100n },
  { key: 'usdcUsdt', label: 'USDC/USDT', base: 'usdc', quote: 'usdt', baseDepth: 300_000n },
]

/**
 * The tokens a swap may route through (every seeded pool holds one of them), like the "bases"
 * Uniswap's own interface routes V2 trades through.
 */
export const ROUTING_HUBS: readonly SwapAsset[] = ['eth', 'usdc']

/** The token whose table price is the dollar the pools' prices are expressed in. */
export const PRICE_ANCHOR: SwapAsset = 'usdc'

/** USD per whole token; tests change them through `devnet.prices`. */
export const DEFAULT_PRICES: Readonly<Record<string, number>> = {
  ETH: 3000,
  BTC: 60000,
  USDC: 1,
  USDT: 1,
  PTK: 2.5,
  JUNK: 0.01,
  SOL: 150,
}
