import { fileURLToPath } from 'node:url'
import { evmService } from '../../chains/evm/service.js'
import type { EvmInfo } from '../../chains/evm/types.js'
import { defineService } from '../../kernel/service.js'

/**
 * The Devnet Wallet: an EIP-6963 browser wallet the Vite plugin puts on every page in dev mode,
 * on all three EVM chains (the unlisted one too).
 */
export const evmWalletService = defineService({
  name: 'evmWallet',
  needs: [evmService],
  vite: {
    scripts: [
      {
        id: 'wallet',
        option: 'wallet',
        code(info, { autoApprove }) {
          const { chains, unlistedChain, mnemonic } = info as EvmInfo
          const options = {
            chains: [...chains, unlistedChain].map(({ chainId, name, rpcUrl }) => ({
              chainId,
              name,
              rpcUrl,
            })),
            mnemonic,
            autoApprove,
          }
          // Absolute, so the injected script works whatever the example depends on.
          const source = fileURLToPath(new URL('./index.ts', import.meta.url))
          return [
            `import { installDevnetWallet } from ${JSON.stringify(`/@fs${source}`)}`,
            `installDevnetWallet(${JSON.stringify(options)})`,
          ].join('\n')
        },
      },
    ],
    // Found only at run time, they would make Vite re-optimise and reload the page once.
    optimizeDeps: ['viem', 'viem/accounts'],
  },
})
