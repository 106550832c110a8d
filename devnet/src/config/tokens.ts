import type { ContractName } from '../contracts/compile.js'

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
 * The spam NFT collection (`DevnetSpamNft`): deployed on every chain after the tokens and the pool,
 * its address is on the devnet's spam list, so the history API flags its transfers as spam.
 */
export const SPAM_NFT = { name: 'Free Airdrop NFT', symbol: 'SPAM' } as const

/** The ETH⇄USDC pool's starting reserves, whole units: 1 ETH = 3000 USDC, the table's price. */
export const POOL_SEED = { eth: 100n, usdc: 300_000n } as const

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
