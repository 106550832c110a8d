import type { PorticoNetwork } from '@portico/core'
import type { AnalyticsEvent } from './analytics/store.js'
import type { FaultControl } from './api/faults.js'
import type { SwapPoolKey, TokenKey } from './config/tokens.js'
import type { PlantedSpamNft } from './history/spamNft.js'
import type { NameRegistry } from './names/registry.js'
import type { PriceTable } from './prices/priceTable.js'
import type { RelayMessage, RelayStats } from './relay/server.js'
import type { MovedPrice, MovePriceOptions } from './swap/mover.js'

export type Address = `0x${string}`
export type Hex = `0x${string}`

export type DevnetChain = {
  chainId: number
  caipNetworkId: `eip155:${number}`
  name: string
  rpcUrl: string
}

/** Token and spam NFT addresses on one chain (the same on every chain). */
export type DevnetTokens = Record<TokenKey, Address> & { spamNft: Address }

/**
 * The Uniswap V2 contracts on one chain (the same on every chain): Router02 (the spender to
 * approve and the swap transactions' target), its factory, WETH9 (the native token inside
 * pairs), and the seeded pools' pairs.
 */
export type DevnetSwap = {
  router: Address
  factory: Address
  weth: Address
  pairs: Record<SwapPoolKey, Address>
}

export type DevnetAccount = { address: Address; privateKey: Hex }

/** The serialisable part of a running devnet: what the Vite plugin and the examples need. */
export type DevnetInfo = {
  apiUrl: string
  /** The WalletConnect relay (`ws://…`): the SDK's relay URL on the devnet. */
  relayUrl: string
  /** The Devnet Mobile Wallet page (a WalletConnect wallet in a web page), on the relay's port. */
  mobileWalletUrl: string
  chains: DevnetChain[]
  unlistedChain: DevnetChain
  networks: PorticoNetwork[]
  mnemonic: string
  /** Contract addresses by chain id, every chain including the unlisted one. */
  tokens: Record<number, DevnetTokens>
  /** The swap contracts by chain id, every chain including the unlisted one. */
  swap: Record<number, DevnetSwap>
}

export type StartDevnetOptions = {
  /**
   * 0 picks a free port. Defaults: api 8787, relay 8788 (a free one when api is 0), chains 8545,
   * 8546, 8547.
   */
  ports?: { api?: number; relay?: number; chains?: [number, number, number] }
  /** Interface for every server and chain; loopback by default. */
  host?: string
  /** No log lines (the programmatic default is quiet; `pnpm dev` turns logging on). */
  quiet?: boolean
  /**
   * What `GET /projects/v1/origins` answers; by default `http://127.0.0.1:*` and
   * `http://localhost:*`. `*` stands for any run of characters (see `originMatches`).
   */
  allowedOrigins?: string[]
  /** What `GET /getAnalyticsConfig` answers; true by default. */
  analyticsEnabled?: boolean
  /**
   * USD prices by symbol, merged over the defaults (ETH 3000, USDC 1, USDT 1, PTK 2.5, JUNK 0.01).
   * The swap pools are seeded at these prices, so ETH, USDC, PTK and USDT need one above 0.
   */
  prices?: Record<string, number>
}

export type Devnet = DevnetInfo & {
  /** The chain the wallet can switch to but apps do not configure (31339). */
  unlistedChain: DevnetChain
  /** The first four mnemonic accounts, funded with ETH and every token. */
  accounts: DevnetAccount[]
  tokens: Record<number, DevnetTokens>
  swap: Record<number, DevnetSwap>
  names: NameRegistry
  /**
   * The price table. `set` pins a price: the routes answer it instead of the pools' price until
   * `reset`.
   */
  prices: PriceTable
  /**
   * Moves a pool's price with a swap by the deployer through Router02 (selling `amount` whole
   * `sell` tokens for `buy`), resolved once mined: e.g. to make a prepared swap exceed its
   * slippage.
   */
  moveSwapPrice(options: MovePriceOptions): Promise<MovedPrice>
  faults: FaultControl
  /** The WalletConnect relay's state, for tests (open sockets, subscriptions, stored messages). */
  relay: { stats(): RelayStats; messages(topic: string): RelayMessage[] }
  /** The anvil processes, one per chain (for checks that stop() leaves none behind). */
  processes: { chainId: number; pid: number }[]
  /** Bodies received on `POST /e`, oldest first. */
  events(): AnalyticsEvent[]
  /**
   * Airdrops one spam NFT ("Free Airdrop NFT", SPAM, on the history API's spam list) to `to` on
   * `chainId` (default 31337; the unlisted chain too) and resolves once it is mined.
   */
  plantSpamNft(to: string, chainId?: number): Promise<PlantedSpamNft>
  /** The serialisable part, e.g. for `PORTICO_DEVNET`. */
  info(): DevnetInfo
  /** Kills the chains, closes the server and any request it holds open. */
  stop(): Promise<void>
}
