import { HttpError, json, objectBody } from '../../kernel/reply.js'
import type { Route } from '../../kernel/router.js'
import type { PriceTable } from './priceTable.js'

/** `GET/POST /__devnet/prices`: the table, and a price pinned (control routes). */
export function priceRoutes(prices: PriceTable): Route[] {
  return [
    {
      method: 'GET',
      path: '/__devnet/prices',
      kind: 'control',
      handle: () => json({ prices: prices.all() }),
    },
    {
      method: 'POST',
      path: '/__devnet/prices',
      kind: 'control',
      handle({ body }) {
        const { symbol, price } = objectBody(body)
        if (typeof symbol !== 'string' || typeof price !== 'number' || price < 0) {
          throw new HttpError(400, 'expected { symbol: string, price: number }')
        }
        prices.set(symbol, price)
        return json({ prices: prices.all() })
      },
    },
  ]
}
