import { FUNDED_ACCOUNT_COUNT } from '../../config/constants.js'
import { defineService } from '../../kernel/service.js'
import type { DevnetBitcoin, RunningBitcoin } from './index.js'
import { bitcoinInfo, DEFAULT_BITCOIN_PORT, type DevnetBitcoinInfo } from './network.js'

export type BitcoinOptions = {
  /** The Bitcoin chain's Esplora-style REST API; 8790 by default. */
  ports?: { bitcoin?: number }
}

/** The Bitcoin chain's part of `devnet.info()`. */
export type BitcoinInfo = {
  /**
   * The regtest Bitcoin chain: its CAIP-2 id, its Esplora-style REST API and its PorticoNetwork
   * entry. Kept apart from `networks`, which apps hand to the SDK whole.
   */
  bitcoin: DevnetBitcoinInfo
}

/**
 * The regtest Bitcoin chain, built in this process (about 0.1 s of hashing and signing, in
 * slices) behind an Esplora-style REST API, with the funded accounts' payment and ordinals keys.
 */
export const bitcoinService = defineService({
  name: 'bitcoin',
  needs: [],
  async start(context, options: BitcoinOptions) {
    const { startBitcoin } = await import('./index.js')
    const running: RunningBitcoin = await startBitcoin({
      host: context.host,
      port: context.port(options.ports?.bitcoin, DEFAULT_BITCOIN_PORT),
      mnemonic: context.mnemonic,
      accountCount: FUNDED_ACCOUNT_COUNT,
      log: context.log,
    })
    return { api: running, stop: () => running.server.close() }
  },
  info: ({ bitcoin }): BitcoinInfo => ({
    bitcoin: {
      caipNetworkId: bitcoin.caipNetworkId,
      esploraUrl: bitcoin.esploraUrl,
      network: structuredClone(bitcoin.network),
    },
  }),
  infoAt: (host, options: BitcoinOptions): BitcoinInfo => ({
    bitcoin: bitcoinInfo(`http://${host}:${options.ports?.bitcoin ?? DEFAULT_BITCOIN_PORT}`),
  }),
  expose: ({ bitcoin }) => ({
    /**
     * The regtest Bitcoin chain: accounts (payment and ordinals keys, funded), `mine`, `fund`,
     * `balance`, `broadcast`, and the ledger itself.
     */
    bitcoin: bitcoin as DevnetBitcoin,
  }),
  pages: ({ bitcoin }) => [
    {
      label: 'chain Bitcoin',
      url: bitcoin.esploraUrl,
      about: `${bitcoin.caipNetworkId}, Esplora REST`,
    },
  ],
  vite: {
    exports: ({ bitcoin }: BitcoinInfo) => ({
      // Not in `networks`: apps hand that list to the SDK whole, and the SDK has no Bitcoin
      // adapter yet. An app that wants Bitcoin adds these: [...networks, ...bitcoinNetworks].
      bitcoinNetworks: [bitcoin.network],
      bitcoin: { caipNetworkId: bitcoin.caipNetworkId, esploraUrl: bitcoin.esploraUrl },
    }),
  },
})
