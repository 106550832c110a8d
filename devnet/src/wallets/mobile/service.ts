import { evmService } from '../../chains/evm/service.js'
import { DEVNET_PROJECT_ID, FUNDED_ACCOUNT_COUNT } from '../../config/constants.js'
import { defineService } from '../../kernel/service.js'
import {
  DEFAULT_RELAY_PORT,
  type RelayServiceOptions,
  relayService,
} from '../../sites/relay/service.js'
import { MOBILE_WALLET_PATH } from './config.js'
import { createMobileWalletHandler } from './page.js'

/** The mobile wallet's part of `devnet.info()`. */
export type MobileWalletInfo = {
  /** The Devnet Mobile Wallet page (a WalletConnect wallet in a web page), on the relay's port. */
  mobileWalletUrl: string
}

/** The page's URL on a devnet whose relay listens at `host:relayPort`. */
export const mobileWalletUrlAt = (host: string, relayPort = DEFAULT_RELAY_PORT) =>
  `http://${host}:${relayPort}${MOBILE_WALLET_PATH}`

/**
 * The Devnet Mobile Wallet: a phone-like WalletConnect wallet in a web page, served on the
 * relay's port, on every devnet chain (the unlisted one too).
 */
export const mobileWalletService = defineService({
  name: 'mobileWallet',
  needs: [relayService, evmService],
  start(context) {
    const { relay, httpUrl, mount } = context.use(relayService)
    const evm = context.use(evmService)
    mount(
      createMobileWalletHandler(() => ({
        relayUrl: relay.url,
        chains: evm.allChains.map(({ chainId, name, rpcUrl }) => ({ chainId, name, rpcUrl })),
        mnemonic: context.mnemonic,
        projectId: DEVNET_PROJECT_ID,
        accountCount: FUNDED_ACCOUNT_COUNT,
      })),
    )
    return { api: { url: `${httpUrl}${MOBILE_WALLET_PATH}` } }
  },
  info: ({ url }): MobileWalletInfo => ({ mobileWalletUrl: url }),
  infoAt: (host, options: RelayServiceOptions): MobileWalletInfo => ({
    mobileWalletUrl: mobileWalletUrlAt(host, options.ports?.relay),
  }),
  pages: ({ url }) => [
    { label: 'mobile wallet', url, about: 'Devnet Mobile Wallet: pair a wc: URI' },
  ],
  vite: {
    exports: ({ mobileWalletUrl }: MobileWalletInfo) => ({ mobileWalletUrl }),
  },
})
