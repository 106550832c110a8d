import { sortTokens } from '../../chains/evm/addresses.js'
import { assetAddress, assetInfo } from '../../chains/evm/assets.js'
import { type Fraction, fractionOf, multiply, toNumber } from '../../chains/evm/decimal.js'
import type { ChainReader } from '../../chains/evm/reader.js'
import {
  PRICE_ANCHOR,
  SWAP_POOLS,
  type SwapAsset,
  type SwapPoolKey,
} from '../../chains/evm/tokens.js'
import type { DevnetSwap, DevnetTokens } from '../../chains/evm/types.js'
import { uniswapV2PairAbi } from '../../chains/evm/uniswap.js'
import type { PriceTable } from '../prices/priceTable.js'

/** A pool's reserves in token units, base and quote as `SWAP_POOLS` names them. */
export type PoolReserves = Partial<Record<SwapPoolKey, { base: bigint; quote: bigint }>>

/**
 * USD prices (by symbol) that the pools imply. The anchor (USDC) is worth its price-table price;
 * each pool then prices its other token from the one already priced, in `SWAP_POOLS` order, by
 * the pool's mid price (the reserves' ratio, no fee, no trade size): ETH from ETH/USDC, PTK from
 * ETH/PTK, USDT from USDC/USDT. A symbol with a `pinned` price takes it instead, and tokens
 * priced from it follow. An empty or missing pool prices nothing.
 */
export function poolPrices(
  reserves: PoolReserves,
  tablePrice: (symbol: string) => number | undefined,
  pinned: (symbol: string) => number | undefined = () => undefined,
): Map<string, number> {
  const priced = new Map<SwapAsset, Fraction>()
  const set = (asset: SwapAsset, derived: Fraction) => {
    const pin = pinned(assetInfo(asset).symbol)
    priced.set(asset, pin === undefined ? derived : fractionOf(pin))
  }
  const anchor = tablePrice(assetInfo(PRICE_ANCHOR).symbol)
  if (anchor === undefined) return new Map()
  set(PRICE_ANCHOR, fractionOf(anchor))

  // Each pass prices what the pools next to priced tokens reach; a pool list this short settles
  // in as many passes as it has pools.
  for (let pass = 0; pass < SWAP_POOLS.length; pass++) {
    for (const pool of SWAP_POOLS) {
      const held = reserves[pool.key]
      if (!held || held.base === 0n || held.quote === 0n) continue
      const base = priced.get(pool.base)
      const quote = priced.get(pool.quote)
      const baseUnit = 10n ** BigInt(assetInfo(pool.base).decimals)
      const quoteUnit = 10n ** BigInt(assetInfo(pool.quote).decimals)
      // One whole base token is worth (quote reserve / base reserve) whole quote tokens.
      if (base && !quote)
        set(pool.quote, multiply(base, held.base * quoteUnit, held.quote * baseUnit))
      if (quote && !base)
        set(pool.base, multiply(quote, held.quote * baseUnit, held.base * quoteUnit))
    }
  }
  const prices = new Map<string, number>()
  for (const [asset, price] of priced) prices.set(assetInfo(asset).symbol, toNumber(price))
  const eth = prices.get(assetInfo('eth').symbol)
  // WETH is ETH inside the pairs; a history entry or a price request may name it.
  if (eth !== undefined) prices.set('WETH', eth)
  return prices
}

/** The prices of one chain at one moment. */
export type PriceSnapshot = {
  /** USD per whole token: pinned, else from the pools, else the price table; undefined if none. */
  price(symbol: string): number | undefined
}

export type Pricing = {
  /** Reads the chain's pools once and answers prices from them. */
  snapshot(chainId: number): Promise<PriceSnapshot>
  /**
   * Prices without pools: pinned, else the price table. What the Solana and Bitcoin chains are
   * valued at (SOL 150, BTC 60000 and their USDC by default), since no pool trades there.
   */
  table(): PriceSnapshot
}

export type PricingOptions = {
  readers: ReadonlyMap<number, ChainReader>
  tokens: Readonly<Record<number, DevnetTokens>>
  swap: Readonly<Record<number, DevnetSwap>>
  prices: PriceTable
}

/**
 * Prices for the balance, price and history routes and the on-ramp's quotes: what a test pinned,
 * else what the chain's pools say now (so a swap moves the price a user sees), else the price
 * table (tokens without a pool, like JUNK; chains without pools: the unlisted one, Solana and
 * Bitcoin).
 */
export function createPricing(options: PricingOptions): Pricing {
  const tableOnly: PriceSnapshot = {
    price: (symbol) => options.prices.pinned(symbol) ?? options.prices.get(symbol),
  }
  return {
    table: () => tableOnly,
    async snapshot(chainId) {
      const reader = options.readers.get(chainId)
      const tokens = options.tokens[chainId]
      const swap = options.swap[chainId]
      if (!reader || !tokens || !swap) return tableOnly
      const reserves = await readPoolReserves(reader, tokens, swap)
      const fromPools = poolPrices(reserves, options.prices.get, options.prices.pinned)
      return {
        price: (symbol) =>
          options.prices.pinned(symbol) ??
          fromPools.get(symbol.toUpperCase()) ??
          options.prices.get(symbol),
      }
    },
  }
}

/** The seeded pools' reserves (one multicall); a pool whose read fails is left out. */
async function readPoolReserves(
  reader: ChainReader,
  tokens: DevnetTokens,
  swap: DevnetSwap,
): Promise<PoolReserves> {
  const results = await reader.client.multicall({
    allowFailure: true,
    contracts: SWAP_POOLS.map(
      (pool) =>
        ({
          address: swap.pairs[pool.key],
          abi: uniswapV2PairAbi,
          functionName: 'getReserves',
        }) as const,
    ),
  })
  const reserves: PoolReserves = {}
  SWAP_POOLS.forEach((pool, i) => {
    const result = results[i]
    if (result?.status !== 'success') return
    const [reserve0, reserve1] = result.result
    const base = assetAddress(pool.base, tokens, swap)
    const [token0] = sortTokens(base, assetAddress(pool.quote, tokens, swap))
    reserves[pool.key] =
      token0 === base ? { base: reserve0, quote: reserve1 } : { base: reserve1, quote: reserve0 }
  })
  return reserves
}
