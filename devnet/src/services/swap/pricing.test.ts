import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { poolSeeds } from '../../chains/evm/poolSeeds.js'
import { createPriceTable } from '../prices/priceTable.js'
import { poolPrices } from './pricing.js'

const E18 = 10n ** 18n
const E6 = 10n ** 6n

/** The seeded reserves, keyed as poolPrices reads them. */
function seeded(price: (symbol: string) => number | undefined) {
  return Object.fromEntries(
    poolSeeds(price).map((seed) => [seed.key, { base: seed.base, quote: seed.quote }]),
  )
}

describe('prices from the pools', () => {
  it('seeds the pools at the price table and reads the same prices back, exactly', () => {
    const table = createPriceTable()
    expect(poolSeeds(table.get)).toEqual([
      { key: 'ethUsdc', base: 100n * E18, quote: 300_000n * E6 },
      { key: 'ethPtk', base: 100n * E18, quote: 120_000n * E18 },
      { key: 'usdcUsdt', base: 300_000n * E6, quote: 300_000n * E6 },
    ])
    const prices = poolPrices(seeded(table.get), table.get)
    expect(Object.fromEntries(prices)).toEqual({
      USDC: 1,
      ETH: 3000,
      WETH: 3000,
      PTK: 2.5,
      USDT: 1,
    })
  })

  it('follows the reserves: a swap that adds ETH to ETH/USDC lowers ETH, and PTK through it', () => {
    const table = createPriceTable()
    const reserves = {
      ...seeded(table.get),
      // 110 ETH / 272 727.27 USDC after someone sold 10 ETH (fees aside).
      ethUsdc: { base: 110n * E18, quote: 272_727_272_727n },
    }
    const prices = poolPrices(reserves, table.get)
    const eth = prices.get('ETH') as number
    expect(eth).toBeCloseTo(2479.34, 2)
    // ETH/PTK did not move: PTK stays 1/1200 of ETH.
    expect(prices.get('PTK')).toBeCloseTo(eth / 1200, 12)
    expect(prices.get('USDT')).toBe(1)
  })

  it('lets a pinned price win and prices what hangs off it from it', () => {
    const table = createPriceTable()
    table.set('ETH', 2000)
    const prices = poolPrices(seeded(createPriceTable().get), table.get, table.pinned)
    expect(prices.get('ETH')).toBe(2000)
    expect(prices.get('PTK')).toBeCloseTo(2000 / 1200, 12)
    expect(prices.get('USDC')).toBe(1)
    table.reset()
    expect(table.pinned('ETH')).toBeUndefined()
    expect(table.get('ETH')).toBe(3000)
  })

  it('prices nothing from an empty or missing pool', () => {
    const table = createPriceTable()
    const reserves = { ...seeded(table.get), ethUsdc: { base: 0n, quote: 0n } }
    const prices = poolPrices(reserves, table.get)
    expect(prices.has('ETH')).toBe(false)
    expect(prices.has('PTK')).toBe(false)
    expect(prices.get('USDT')).toBe(1)
    expect(poolPrices({}, table.get).get('USDC')).toBe(1)
  })

  it('reads back the table it was seeded at, for any prices', () => {
    // Prices from a cent to ten thousand dollars: every pool holds at least 100 units a side.
    const price = fc.double({ min: 0.01, max: 10_000, noNaN: true })
    fc.assert(
      fc.property(price, price, price, price, (eth, usdc, ptk, usdt) => {
        const table = createPriceTable({ ETH: eth, USDC: usdc, PTK: ptk, USDT: usdt })
        const prices = poolPrices(seeded(table.get), table.get)
        // Seeding rounds each pool's quote side down to whole units (6 decimals for USDC and
        // USDT), and PTK is priced through two pools: at most two units' worth off.
        const units = poolSeeds(table.get).map((seed) => Number(seed.quote))
        const tolerance = 2 / Math.min(...units) + 1e-12
        for (const [symbol, expected] of Object.entries({ ETH: eth, PTK: ptk, USDT: usdt })) {
          const read = prices.get(symbol) as number
          expect(Math.abs(read - expected) / expected, symbol).toBeLessThanOrEqual(tolerance)
        }
      }),
      { numRuns: 1_000 },
    )
  })

  it('refuses to seed a pool at a price of 0', () => {
    expect(() => poolSeeds(createPriceTable({ PTK: 0 }).get)).toThrow(
      'PTK needs a price above 0 to seed its swap pool',
    )
  })
})
