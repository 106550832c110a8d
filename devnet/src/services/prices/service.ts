import { defineService } from '../../kernel/service.js'
import { createPriceTable, type PriceTable } from './priceTable.js'
import { priceRoutes } from './routes.js'

export type PricesOptions = {
  /**
   * USD prices by symbol, merged over the defaults (ETH 3000, BTC 60000, SOL 150, USDC 1,
   * USDT 1, PTK 2.5, JUNK 0.01). The swap pools are seeded at these prices, so ETH, USDC, PTK
   * and USDT need one above 0; SOL and BTC (no pools) are answered from the table.
   */
  prices?: Record<string, number>
}

/** The price table: what the pools are seeded at, and prices a test pins. */
export const pricesService = defineService({
  name: 'prices',
  needs: [],
  start: (_context, options: PricesOptions) => ({ api: createPriceTable(options.prices) }),
  expose: (prices) => ({
    /**
     * The price table. `set` pins a price: the routes answer it instead of the pools' price
     * until `reset`.
     */
    prices: prices as PriceTable,
  }),
  routes: (prices) => priceRoutes(prices),
})
