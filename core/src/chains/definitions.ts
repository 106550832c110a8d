import type { PorticoNetwork } from '../options/index.js'
import { BITCOIN_CHAINS, NATIVE_DECIMALS, SOLANA_CLUSTERS } from './constants.js'

// Ready network definitions for apps to import (`@portico/core/chains`). RPC URLs are the chains'
// public endpoints: rate-limited, fine to start with; production apps pass their own provider's.

const ETH = { name: 'Ether', symbol: 'ETH', decimals: NATIVE_DECIMALS.eip155 } as const
const SOL = { name: 'Solana', symbol: 'SOL', decimals: NATIVE_DECIMALS.solana } as const
const BTC = { name: 'Bitcoin', symbol: 'BTC', decimals: NATIVE_DECIMALS.bip122 } as const

export const arbitrum = {
  id: 'eip155:42161',
  name: 'Arbitrum One',
  nativeCurrency: ETH,
  rpcUrls: { http: ['https://arb1.arbitrum.io/rpc'] },
  blockExplorers: [{ name: 'Arbiscan', url: 'https://arbiscan.io' }],
} as const satisfies PorticoNetwork

export const avalanche = {
  id: 'eip155:43114',
  name: 'Avalanche',
  nativeCurrency: { name: 'Avalanche', symbol: 'AVAX', decimals: NATIVE_DECIMALS.eip155 },
  rpcUrls: { http: ['https://api.avax.network/ext/bc/C/rpc'] },
  blockExplorers: [{ name: 'SnowTrace', url: 'https://snowtrace.io' }],
} as const satisfies PorticoNetwork

export const gnosis = {
  id: 'eip155:100',
  name: 'Gnosis',
  nativeCurrency: { name: 'xDAI', symbol: 'XDAI', decimals: NATIVE_DECIMALS.eip155 },
  rpcUrls: { http: ['https://rpc.gnosischain.com'] },
  blockExplorers: [{ name: 'Gnosisscan', url: 'https://gnosisscan.io' }],
} as const satisfies PorticoNetwork

export const optimism = {
  id: 'eip155:10',
  name: 'OP Mainnet',
  nativeCurrency: ETH,
  rpcUrls: { http: ['https://mainnet.optimism.io'] },
  blockExplorers: [{ name: 'Optimism Explorer', url: 'https://optimistic.etherscan.io' }],
} as const satisfies PorticoNetwork

export const polygon = {
  id: 'eip155:137',
  name: 'Polygon',
  nativeCurrency: { name: 'POL', symbol: 'POL', decimals: NATIVE_DECIMALS.eip155 },
  rpcUrls: { http: ['https://polygon-rpc.com'] },
  blockExplorers: [{ name: 'PolygonScan', url: 'https://polygonscan.com' }],
} as const satisfies PorticoNetwork

export const abstract = {
  id: 'eip155:2741',
  name: 'Abstract',
  nativeCurrency: ETH,
  rpcUrls: { http: ['https://api.mainnet.abs.xyz'] },
  blockExplorers: [{ name: 'Abscan', url: 'https://abscan.org' }],
} as const satisfies PorticoNetwork

export const solana = {
  id: `solana:${SOLANA_CLUSTERS.mainnet}`,
  name: 'Solana',
  nativeCurrency: SOL,
  rpcUrls: {
    http: ['https://api.mainnet-beta.solana.com'],
    webSocket: ['wss://api.mainnet-beta.solana.com'],
  },
  // The explorer's address page is `/address/<address>`; other clusters need a query string the
  // account URL cannot carry, so only mainnet names an explorer.
  blockExplorers: [{ name: 'Solana Explorer', url: 'https://explorer.solana.com' }],
} as const satisfies PorticoNetwork

export const solanaDevnet = {
  id: `solana:${SOLANA_CLUSTERS.devnet}`,
  name: 'Solana Devnet',
  nativeCurrency: SOL,
  rpcUrls: {
    http: ['https://api.devnet.solana.com'],
    webSocket: ['wss://api.devnet.solana.com'],
  },
  testnet: true,
} as const satisfies PorticoNetwork

export const solanaTestnet = {
  id: `solana:${SOLANA_CLUSTERS.testnet}`,
  name: 'Solana Testnet',
  nativeCurrency: SOL,
  rpcUrls: {
    http: ['https://api.testnet.solana.com'],
    webSocket: ['wss://api.testnet.solana.com'],
  },
  testnet: true,
} as const satisfies PorticoNetwork

/** Bitcoin's `rpcUrls.http[0]` is an Esplora REST API: the adapter reads balances from it. */
export const bitcoin = {
  id: `bip122:${BITCOIN_CHAINS.mainnet}`,
  name: 'Bitcoin',
  nativeCurrency: BTC,
  rpcUrls: { http: ['https://mempool.space/api'] },
  blockExplorers: [{ name: 'mempool.space', url: 'https://mempool.space' }],
} as const satisfies PorticoNetwork

export const bitcoinTestnet = {
  id: `bip122:${BITCOIN_CHAINS.testnet}`,
  name: 'Bitcoin Testnet',
  nativeCurrency: { name: 'Testnet Bitcoin', symbol: 'tBTC', decimals: NATIVE_DECIMALS.bip122 },
  rpcUrls: { http: ['https://mempool.space/testnet/api'] },
  blockExplorers: [{ name: 'mempool.space', url: 'https://mempool.space/testnet' }],
  testnet: true,
} as const satisfies PorticoNetwork
