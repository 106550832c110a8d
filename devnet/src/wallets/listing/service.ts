import { defineService } from '../../kernel/service.js'
import { mobileWalletService } from '../mobile/service.js'
import { createWalletFixture } from './fixture.js'
import { walletsRoutes } from './routes.js'

/**
 * The wallet explorer's listing (`/getWallets`, `/getWalletImage/:id`): the Devnet Wallet, the
 * Devnet Mobile Wallet (its web link on this devnet) and 150 generated wallets.
 */
export const walletListService = defineService({
  name: 'walletList',
  needs: [mobileWalletService],
  start: (context) => ({
    api: createWalletFixture({ mobileWalletUrl: context.use(mobileWalletService).url }),
  }),
  routes: (wallets) => walletsRoutes(wallets),
})
