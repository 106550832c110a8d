import { type BitcoinInfo, bitcoinService } from '../../chains/bitcoin/service.js'
import type { EvmInfo } from '../../chains/evm/types.js'
import { defineService } from '../../kernel/service.js'
import { walletScript } from '../shared/script.js'

/**
 * The Devnet Bitcoin Wallet: a Wallet Standard and sats-connect browser wallet the Vite plugin
 * puts on every page in dev mode, on the devnet's regtest chain.
 */
export const bitcoinWalletService = defineService({
  name: 'bitcoinWallet',
  needs: [bitcoinService],
  vite: {
    scripts: [
      walletScript({
        id: 'bitcoin-wallet',
        option: 'bitcoinWallet',
        install: 'installDevnetBitcoinWallet',
        source: () => new URL('./index.ts', import.meta.url),
        options(info) {
          const { bitcoin, mnemonic } = info as BitcoinInfo & EvmInfo
          return { esploraUrl: bitcoin.esploraUrl, mnemonic }
        },
      }),
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
