import { fileURLToPath } from 'node:url'
import { type BitcoinInfo, bitcoinService } from '../../chains/bitcoin/service.js'
import type { EvmInfo } from '../../chains/evm/types.js'
import { defineService } from '../../kernel/service.js'

/**
 * The Devnet Bitcoin Wallet: a Wallet Standard and sats-connect browser wallet the Vite plugin
 * puts on every page in dev mode, on the devnet's regtest chain.
 */
export const bitcoinWalletService = defineService({
  name: 'bitcoinWallet',
  needs: [bitcoinService],
  vite: {
    scripts: [
      {
        id: 'bitcoin-wallet',
        option: 'bitcoinWallet',
        code(info, { autoApprove }) {
          const { bitcoin, mnemonic } = info as BitcoinInfo & EvmInfo
          const options = { esploraUrl: bitcoin.esploraUrl, mnemonic, autoApprove }
          const source = fileURLToPath(new URL('./index.ts', import.meta.url))
          return [
            `import { installDevnetBitcoinWallet } from ${JSON.stringify(`/@fs${source}`)}`,
            `installDevnetBitcoinWallet(${JSON.stringify(options)})`,
          ].join('\n')
        },
      },
    ],
    optimizeDeps: [
      '@scure/base',
      '@scure/bip32',
      '@scure/bip39',
      '@scure/btc-signer',
      '@noble/curves/secp256k1.js',
      '@noble/hashes/legacy.js',
      '@noble/hashes/sha2.js',
      '@noble/hashes/utils.js',
    ],
  },
})
