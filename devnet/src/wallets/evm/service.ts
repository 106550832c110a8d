import { evmService } from '../../chains/evm/service.js'
import type { EvmInfo } from '../../chains/evm/types.js'
import { defineService } from '../../kernel/service.js'
import { walletScript } from '../shared/script.js'

/**
 * The Devnet Wallet: an EIP-6963 browser wallet the Vite plugin puts on every page in dev mode,
 * on all three EVM chains (the unlisted one too).
 */
export const evmWalletService = defineService({
  name: 'evmWallet',
  needs: [evmService],
  vite: {
    scripts: [
      walletScript({
        id: 'wallet',
        option: 'wallet',
        install: 'installDevnetWallet',
        source: () => new URL('./index.ts', import.meta.url),
        options(info) {
          const { chains, unlistedChain, mnemonic } = info as EvmInfo
          return {
            chains: [...chains, unlistedChain].map(({ chainId, name, rpcUrl }) => ({
              chainId,
              name,
              rpcUrl,
            })),
            mnemonic,
          }
        },
      }),
    ],
    // Found only at run time, they would make Vite re-optimise and reload the page once.
    optimizeDeps: ['viem', 'viem/accounts'],
  },
})
