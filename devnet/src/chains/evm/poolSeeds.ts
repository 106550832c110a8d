import { assetInfo } from './assets.js'
import { scaleNumber } from './decimal.js'
import { SWAP_POOLS, type SwapPoolKey } from './tokens.js'

export type PoolSeed = { key: SwapPoolKey; base: bigint; quote: bigint }

const PRICE_SCALE = 18

/**
 * The token units each pool is seeded with, so that its price is the price table's: `baseDepth`
 * whole base tokens against baseDepth × price(base) / price(quote) quote tokens (rounded down
 * to the quote token's units). With the default table: 100 ETH / 300 000 USDC, 100 ETH /
 * 120 000 PTK and 300 000 USDC / 300 000 USDT.
 */
export function poolSeeds(price: (symbol: string) => number | undefined): PoolSeed[] {
  return SWAP_POOLS.map((pool) => {
    const base = assetInfo(pool.base)
    const quote = assetInfo(pool.quote)
    const basePrice = scaledPrice(base.symbol)
    const quotePrice = scaledPrice(quote.symbol)
    const quoteUnits = (pool.baseDepth * 10n ** BigInt(quote.decimals) * basePrice) / quotePrice
    if (quoteUnits === 0n) throw new Error(`the ${pool.label} pool would hold no ${quote.symbol}`)
    return { key: pool.key, base: pool.baseDepth * 10n ** BigInt(base.decimals), quote: quoteUnits }
  })

  function scaledPrice(symbol: string): bigint {
    const usd = price(symbol)
    const scaled = usd === undefined ? 0n : scaleNumber(usd, PRICE_SCALE)
    if (scaled === 0n) throw new Error(`${symbol} needs a price above 0 to seed its swap pool`)
    return scaled
  }
}
