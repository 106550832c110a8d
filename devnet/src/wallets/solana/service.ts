import { fileURLToPath } from 'node:url'
import type { EvmInfo } from '../../chains/evm/types.js'
import { SOLANA_WALLET_STANDARD_CHAIN } from '../../chains/solana/constants.js'
import { type SolanaInfo, solanaService } from '../../chains/solana/service.js'
import { defineService } from '../../kernel/service.js'

/**
 * The Devnet Solana Wallet: a Wallet Standard browser wallet the Vite plugin puts on every page
 * in dev mode, on the devnet's Solana chain.
 */
export const solanaWalletService = defineService({
  name: 'solanaWallet',
  needs: [solanaService],
  vite: {
    scripts: [
      {
        id: 'solana-wallet',
        option: 'solanaWallet',
        code(info, { autoApprove }) {
          const { solana, mnemonic } = info as SolanaInfo & EvmInfo
          const options = {
            chains: [
              {
                id: solana.caipNetworkId,
                name: solana.network.name,
                rpcUrl: solana.rpcUrl,
                aliases: [SOLANA_WALLET_STANDARD_CHAIN],
              },
            ],
            mnemonic,
            autoApprove,
          }
          const source = fileURLToPath(new URL('./index.ts', import.meta.url))
          return [
            `import { installDevnetSolanaWallet } from ${JSON.stringify(`/@fs${source}`)}`,
            `installDevnetSolanaWallet(${JSON.stringify(options)})`,
          ].join('\n')
        },
      },
    ],
    optimizeDeps: ['@solana/kit', '@wallet-standard/core', '@solana/wallet-standard-features'],
  },
})
