import { FUNDED_ACCOUNT_COUNT } from '../../config/constants.js'
import { defineService } from '../../kernel/service.js'
import { DEFAULT_SOLANA_PORT, type DevnetSolanaInfo, solanaInfoAt } from './constants.js'
import type { SolanaDevnet } from './index.js'
import type { SolanaKeyPair } from './keys.js'

export type SolanaOptions = {
  /** The Solana RPC (and its subscriptions); 8899 by default. */
  ports?: { solana?: number }
}

/** The Solana chain's part of `devnet.info()`. */
export type SolanaInfo = {
  /**
   * The Solana chain (LiteSVM behind a JSON-RPC facade): its network in the SDK's shape (kept
   * out of `networks`, which apps pass whole to the SDK), RPC and subscription URLs, the funded
   * accounts' addresses and the USDC mint.
   */
  solana: DevnetSolanaInfo
}

/**
 * The Solana chain: LiteSVM in this process, seeded with SOL and a USDC-like SPL token for the
 * four funded accounts, behind a JSON-RPC facade (HTTP and WebSocket subscriptions).
 */
export const solanaService = defineService({
  name: 'solana',
  needs: [],
  async start(context, options: SolanaOptions) {
    const { startSolanaDevnet } = await import('./index.js')
    const solana: SolanaDevnet = await startSolanaDevnet({
      host: context.host,
      port: context.port(options.ports?.solana, DEFAULT_SOLANA_PORT),
      mnemonic: context.mnemonic,
      accountCount: FUNDED_ACCOUNT_COUNT,
      log: context.log,
    })
    return { api: solana, stop: () => solana.close() }
  },
  info: (solana): SolanaInfo => ({ solana: structuredClone(solana.info) }),
  infoAt: (host, options: SolanaOptions): SolanaInfo => ({
    solana: solanaInfoAt(`http://${host}:${options.ports?.solana ?? DEFAULT_SOLANA_PORT}`),
  }),
  expose: (solana) => ({
    /**
     * The same four mnemonic accounts on Solana (m/44'/501'/i'/0'), funded with 1 000 SOL and
     * 10 000 USDC each; their key pairs are non-extractable CryptoKeys that kit signs with.
     */
    solanaAccounts: solana.accounts as SolanaKeyPair[],
  }),
  pages: (solana) => [
    {
      label: 'chain Solana',
      url: solana.info.rpcUrl,
      about: `${solana.info.caipNetworkId}, JSON-RPC`,
    },
  ],
  vite: {
    exports: ({ solana }: SolanaInfo) => ({
      // Apart from `networks`, which apps pass whole to the SDK: it speaks EVM only for now.
      solanaNetworks: [solana.network],
      solana: {
        caipNetworkId: solana.caipNetworkId,
        rpcUrl: solana.rpcUrl,
        wsUrl: solana.wsUrl,
        accounts: solana.accounts,
        mints: solana.mints,
      },
    }),
  },
})
