import { HttpError, json, objectBody } from '../../kernel/reply.js'
import type { Route } from '../../kernel/router.js'
import { MovePriceError, type PriceMover } from './mover.js'

/**
 * `POST /__devnet/swap/move-price` `{ sell, buy, amount, chainId? }`: moves a pool's price with
 * a swap by the deployer (control route), as `devnet.moveSwapPrice` does.
 */
export const movePriceRoute = (movePrice: PriceMover): Route => ({
  method: 'POST',
  path: '/__devnet/swap/move-price',
  kind: 'control',
  async handle({ body }) {
    const { chainId, sell, buy, amount } = objectBody(body)
    const id = typeof chainId === 'string' ? Number(chainId.replace(/^eip155:/, '')) : chainId
    if (
      (id !== undefined && (typeof id !== 'number' || !Number.isSafeInteger(id))) ||
      typeof sell !== 'string' ||
      typeof buy !== 'string' ||
      typeof amount !== 'string'
    ) {
      throw new HttpError(
        400,
        'expected { sell: symbol, buy: symbol, amount: decimal string, chainId?: number }',
      )
    }
    try {
      return json(
        await movePrice({ sell, buy, amount, ...(id === undefined ? {} : { chainId: id }) }),
      )
    } catch (error) {
      if (error instanceof MovePriceError) throw new HttpError(400, error.message)
      throw error
    }
  },
})
