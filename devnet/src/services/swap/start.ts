import type { EvmChains } from '../../chains/evm/start.js'
import type { PriceTable } from '../prices/priceTable.js'
import { createPriceMover, type PriceMover } from './mover.js'
import { createPricing, type Pricing } from './pricing.js'

/** Uniswap V2 on the chains, as the services that price or swap see it. */
export type RunningSwaps = {
  evm: EvmChains
  /** Prices as the routes answer them: pinned, else the pools', else the table's. */
  pricing: Pricing
  /** Moves a pool's price with a large swap by the deployer (tests). */
  movePrice: PriceMover
}

export function startSwaps(evm: EvmChains, prices: PriceTable): RunningSwaps {
  return {
    evm,
    pricing: createPricing({ readers: evm.readers, tokens: evm.tokens, swap: evm.swap, prices }),
    movePrice: createPriceMover({
      chains: evm.allChains,
      tokens: evm.tokens,
      swap: evm.swap,
      deployer: evm.deployer,
    }),
  }
}
