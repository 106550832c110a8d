import { evmService } from '../../chains/evm/service.js'
import { defineService } from '../../kernel/service.js'
import { onrampService } from '../onramp/service.js'
import { pricesService } from '../prices/service.js'
import { swapService } from '../swap/service.js'
import type { PlantedSpamNft, SpamPlanter } from './spamNft.js'

/**
 * Account history (`/v1/account/{address}/history`), indexed from mined blocks, with on-ramp
 * purchases, and the spam NFT a test plants.
 */
export const historyService = defineService({
  name: 'history',
  needs: [evmService, pricesService, swapService, onrampService],
  async start(context) {
    const { createSpamPlanter } = await import('./spamNft.js')
    const evm = context.use(evmService)
    const plant: SpamPlanter = createSpamPlanter(evm.allChains, evm.tokens)
    return {
      api: {
        ...evm,
        pricing: context.use(swapService).pricing,
        onramp: context.use(onrampService),
        prices: context.use(pricesService),
        plant,
      },
    }
  },
  expose: ({ plant }) => ({
    /**
     * Airdrops one spam NFT ("Free Airdrop NFT", SPAM, on the history API's spam list) to `to`
     * on `chainId` (default 31337; the unlisted chain too) and resolves once it is mined.
     */
    plantSpamNft: plant as (to: string, chainId?: number) => Promise<PlantedSpamNft>,
  }),
  async routes(deps) {
    const { historyRoutes } = await import('./routes.js')
    return historyRoutes(deps)
  },
})
