import { evmService } from '../../chains/evm/service.js'
import { defineService } from '../../kernel/service.js'
import { pricesService } from '../prices/service.js'
import type { MovedPrice, MovePriceOptions } from './mover.js'
import type { RunningSwaps } from './start.js'

/**
 * Swaps (`/v1/convert/*`) through the Uniswap V2 pools on the configured chains, and the prices
 * the pools set (what the balance, price, history and on-ramp routes answer).
 */
export const swapService = defineService({
  name: 'swap',
  needs: [evmService, pricesService],
  async start(context) {
    const { startSwaps } = await import('./start.js')
    const swaps: RunningSwaps = startSwaps(context.use(evmService), context.use(pricesService))
    return { api: swaps }
  },
  expose: ({ movePrice }) => ({
    /**
     * Moves a pool's price with a swap by the deployer through Router02 (selling `amount` whole
     * `sell` tokens for `buy`), resolved once mined: e.g. to make a prepared swap exceed its
     * slippage.
     */
    moveSwapPrice: movePrice as (options: MovePriceOptions) => Promise<MovedPrice>,
  }),
  async routes({ evm, movePrice }) {
    const [{ convertRoutes }, { movePriceRoute }] = await Promise.all([
      import('./routes.js'),
      import('./moveRoute.js'),
    ])
    return [...convertRoutes(evm), movePriceRoute(movePrice)]
  },
})
