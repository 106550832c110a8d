import type { EvmInfo } from '../../chains/evm/types.js'
import { SOLANA_WALLET_STANDARD_CHAIN } from '../../chains/solana/constants.js'
import { type SolanaInfo, solanaService } from '../../chains/solana/service.js'
import { defineService } from '../../kernel/service.js'
import { walletScript } from '../shared/script.js'

/**
 * The Devnet Solana Wallet: a Wallet Standard browser wallet the Vite plugin puts on every page
 * in dev mode, on the devnet's Solana chain.
 */
export const solanaWalletService = defineService({
  name: 'solanaWallet',
  needs: [solanaService],
  vite: {
    scripts: [
      walletScript({
        id: 'solana-wallet',
        option: 'solanaWallet',
        install: 'installDevnetSolanaWallet',
        source: () => new URL('./index.ts', import.meta.url),
        options(info) {
          const { solana, mnemonic } = info as SolanaInfo & EvmInfo
          return {
            chains: [
              {
                id: solana.caipNetworkId,
                name: solana.network.name,
                rpcUrl: solana.rpcUrl,
                aliases: [SOLANA_WALLET_STANDARD_CHAIN],
              },
            ],
            mnemonic,
          }
        },
      }),
    ],
    optimizeDeps: ['@solana/kit', '@wallet-standard/core', '@solana/wallet-standard-features'],
  },
})
