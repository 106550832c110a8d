import { defineService } from '../../kernel/service.js'
import { type ApiOptions, apiService, DEFAULT_API_PORT } from '../../services/api/service.js'
import { bitcoinWalletService } from '../bitcoin/service.js'
import { evmWalletService } from '../evm/service.js'
import { solanaWalletService } from '../solana/service.js'
import { WALLETS_SCRIPT_PATH, walletScriptRoutes } from './routes.js'

// The browser wallets, in the order the Vite plugin puts them on a page.
const WALLETS = [evmWalletService, solanaWalletService, bitcoinWalletService] as const

/** Its part of `devnet.info()`. */
export type WalletScriptInfo = {
  /** `<script type="module" src={walletsScriptUrl}>` puts the devnet's wallets on any page. */
  walletsScriptUrl: string
}

/**
 * The devnet's browser wallets for a page the Vite plugin does not serve (Next.js, a static
 * build, another framework): one script tag, `<script type="module" src="…/devnet/wallets.js">`.
 */
export const walletScriptService = defineService({
  name: 'walletScript',
  needs: [apiService, ...WALLETS],
  start: (context) => ({
    api: { url: `${context.use(apiService).server.url}${WALLETS_SCRIPT_PATH}` },
  }),
  info: ({ url }): WalletScriptInfo => ({ walletsScriptUrl: url }),
  infoAt: (host, options: ApiOptions): WalletScriptInfo => ({
    walletsScriptUrl: `http://${host}:${options.ports?.api ?? DEFAULT_API_PORT}${WALLETS_SCRIPT_PATH}`,
  }),
  routes: (_api, context) =>
    walletScriptRoutes(
      WALLETS.flatMap((wallet) => wallet.vite?.scripts ?? []),
      context.info,
    ),
})
