import { bitcoinService } from '../../chains/bitcoin/service.js'
import { evmService } from '../../chains/evm/service.js'
import { solanaService } from '../../chains/solana/service.js'
import { defineService } from '../../kernel/service.js'
import { swapService } from '../swap/service.js'
import type { BlockchainDeps } from './deps.js'

/**
 * The Blockchain API's chain routes: `/v1/supported-chains`, balances read live from every
 * chain (EVM, Solana, Bitcoin), and `/v1/fungible/price`.
 */
export const blockchainService = defineService({
  name: 'blockchain',
  needs: [evmService, solanaService, bitcoinService, swapService],
  start(context) {
    const deps: BlockchainDeps = {
      ...context.use(evmService),
      pricing: context.use(swapService).pricing,
      solana: context.use(solanaService),
      bitcoin: context.use(bitcoinService).bitcoin,
    }
    return { api: deps }
  },
  async routes(deps) {
    const [{ supportedChainsRoutes }, { balanceRoutes }, { fungiblePriceRoutes }] =
      await Promise.all([
        import('./supportedChains.js'),
        import('./balance.js'),
        import('./fungiblePrice.js'),
      ])
    return [...supportedChainsRoutes(deps), ...balanceRoutes(deps), ...fungiblePriceRoutes(deps)]
  },
})
