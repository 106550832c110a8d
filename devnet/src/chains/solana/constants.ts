import type { PorticoNetwork } from '@portico/core'

/** The facade's default port: the Solana test validator's, so tools find it where they look. */
export const DEFAULT_SOLANA_PORT = 8899

/**
 * The devnet cluster's genesis hash: base58 of SHA-256("Portico Devnet Solana genesis") (a
 * unit test recomputes it). Like every cluster's, it names the chain: the CAIP-2 id is
 * `solana:` + its first 32 characters, the convention for Solana clusters.
 */
export const SOLANA_GENESIS_HASH = '8eRXQkZRbsigXb4zuUASq8R3mfJCH3FPCukp5y9sMavX'
export const SOLANA_GENESIS_LABEL = 'Portico Devnet Solana genesis'
export const SOLANA_CAIP_NETWORK_ID = `solana:${SOLANA_GENESIS_HASH.slice(0, 32)}` as const
export const SOLANA_NETWORK_NAME = 'Devnet Solana'
export const SOLANA_NATIVE_CURRENCY = { name: 'Solana', symbol: 'SOL', decimals: 9 } as const
/** The Wallet Standard's name for a local cluster, which the Devnet Solana Wallet lists too. */
export const SOLANA_WALLET_STANDARD_CHAIN = 'solana:localnet'

export const LAMPORTS_PER_SOL = 1_000_000_000n
/** SOL each funded account gets at start (its first block is an airdrop of this). */
export const SOLANA_FUNDING_SOL = 1_000n
/** SOL the mint authority gets to pay for the mint and the token accounts. */
export const SOLANA_AUTHORITY_FUNDING_SOL = 10n

/**
 * Mnemonic account 9 is the USDC mint authority and pays for the seeding transaction, as EVM
 * account 9 deploys the contracts; the mint's own key is path m/44'/501'/100'/0', which no
 * wallet hands out, so the mint has the same address on every run.
 */
export const SOLANA_MINT_AUTHORITY_INDEX = 9
export const SOLANA_MINT_KEY_INDEX = 100

/** The USDC-like SPL token minted at start. */
export const SOLANA_USDC = {
  name: 'USD Coin (Devnet)',
  symbol: 'USDC',
  decimals: 6,
  /** Whole tokens each funded account gets. */
  funding: 10_000n,
} as const

/**
 * Addresses of the devnet mnemonic's Solana keys (m/44'/501'/i'/0'), written out so the info
 * of a devnet that is not running (the Vite plugin's defaults) can name them; a unit test
 * derives them again.
 */
export const SOLANA_DEVNET_ADDRESSES = {
  accounts: [
    'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96',
    'AqynRZwvVqUPRwRJXvm6odUb3t93fDjnWe3p6BeuUFxD',
    'CqMbRgMuEhQi9BUS8xP44Wk5nENm48FqJnfjEi4eNb1k',
    '9Tj3srBSxH7RFRCm8uharreY7ZBS49XSfpwCeYa7Xaqp',
  ],
  mintAuthority: '2yaW8VAMLhQiornz1BgcSWDUSH2jC2dmB8RWnTJi8Yab',
  usdcMint: 'GYUbjc8XZSbz8K21zBasax5SFH2bsy1Z1eBJeSE8Zhce',
} as const

/** What `devnet.info().solana` holds: serialisable, for the Vite plugin and the examples. */
export type DevnetSolanaInfo = {
  network: PorticoNetwork
  caipNetworkId: typeof SOLANA_CAIP_NETWORK_ID
  genesisHash: string
  rpcUrl: string
  /** The subscription endpoint (same port as rpcUrl). */
  wsUrl: string
  /** The funded accounts' addresses, mnemonic paths m/44'/501'/0'/0' to m/44'/501'/3'/0'. */
  accounts: string[]
  mints: { usdc: string }
}

function solanaNetwork(rpcUrl: string, wsUrl: string): PorticoNetwork {
  return {
    id: SOLANA_CAIP_NETWORK_ID,
    name: SOLANA_NETWORK_NAME,
    nativeCurrency: { ...SOLANA_NATIVE_CURRENCY },
    rpcUrls: { http: [rpcUrl], webSocket: [wsUrl] },
    testnet: true,
  }
}

export function solanaInfoAt(rpcUrl: string): DevnetSolanaInfo {
  const wsUrl = rpcUrl.replace(/^http/, 'ws')
  return {
    network: solanaNetwork(rpcUrl, wsUrl),
    caipNetworkId: SOLANA_CAIP_NETWORK_ID,
    genesisHash: SOLANA_GENESIS_HASH,
    rpcUrl,
    wsUrl,
    accounts: [...SOLANA_DEVNET_ADDRESSES.accounts],
    mints: { usdc: SOLANA_DEVNET_ADDRESSES.usdcMint },
  }
}
