import type { PorticoNetwork } from '@portico/core'
import type { AnalyticsEvent } from '../../services/analytics/store.js'
import type { FaultControl } from '../../services/api/faults.js'
import type { PlantedSpamNft } from '../../services/history/spamNft.js'
import type { NameRegistry } from '../../services/names/registry.js'
import type { OnrampSession } from '../../services/onramp/onramp.js'
import type { OnrampQuote } from '../../services/onramp/quote.js'
import type { PriceTable } from '../../services/prices/priceTable.js'
import type { MovedPrice, MovePriceOptions } from '../../services/swap/mover.js'
import type { InboxMessage } from '../../sites/mail/mail.js'
import type { Relay } from '../../sites/relay/server.js'
import type { DevnetBitcoin, DevnetBitcoinInfo } from '../bitcoin/index.js'
import type { DevnetSolanaInfo } from '../solana/constants.js'
import type { SolanaKeyPair } from '../solana/keys.js'
import type { DevnetSmartAccounts } from './smartAccounts.js'
import type { SwapPoolKey, TokenKey } from './tokens.js'

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
  /**
   * The secure site (`http://127.0.0.1:8789`): the SDK's `secureSite` option. Its frame page is
   * `/sdk`, the Devnet Inbox `/inbox`.
   */
  secureSiteUrl: string
  chains: DevnetChain[]
  unlistedChain: DevnetChain
  networks: PorticoNetwork[]
  /**
   * The Solana chain (LiteSVM behind a JSON-RPC facade): its network in the SDK's shape (kept
   * out of `networks`, which apps pass whole to the SDK), RPC and subscription URLs, the funded
   * accounts' addresses and the USDC mint.
   */
  solana: DevnetSolanaInfo
  /**
   * The regtest Bitcoin chain: its CAIP-2 id, its Esplora-style REST API and its PorticoNetwork
   * entry. Kept apart from `networks`, which apps hand to the SDK whole.
   */
  bitcoin: DevnetBitcoinInfo
  mnemonic: string
  /** Contract addresses by chain id, every chain including the unlisted one. */
  tokens: Record<number, DevnetTokens>
  /** The swap contracts by chain id, every chain including the unlisted one. */
  swap: Record<number, DevnetSwap>
}

export type StartDevnetOptions = {
  /**
   * 0 picks a free port. Defaults: api 8787, relay 8788, secure 8789, bitcoin 8790 and solana
   * 8899 (free ones when api is 0), smtp a free port, chains 8545, 8546, 8547.
   */
  ports?: {
    api?: number
    relay?: number
    secure?: number
    smtp?: number
    solana?: number
    bitcoin?: number
    chains?: [number, number, number]
  }
  /** Interface for every server and chain; loopback by default. */
  host?: string
  /** No log lines (the programmatic default is quiet; `pnpm dev` turns logging on). */
  quiet?: boolean
  /**
   * What `GET /projects/v1/origins` answers, and the only origins that may embed the secure
   * frame; by default `http://127.0.0.1:*` and `http://localhost:*`. `*` stands for any run of
   * characters (see `originMatches`).
   */
  allowedOrigins?: string[]
  /** What `GET /getAnalyticsConfig` answers; true by default. */
  analyticsEnabled?: boolean
  /**
   * USD prices by symbol, merged over the defaults (ETH 3000, BTC 60000, SOL 150, USDC 1,
   * USDT 1, PTK 2.5, JUNK 0.01). The swap pools are seeded at these prices, so ETH, USDC, PTK
   * and USDT need one above 0; SOL and BTC (no pools) are answered from the table.
   */
  prices?: Record<string, number>
  /**
   * The server clock of sign-in (nonce and message times, session expiry), in milliseconds;
   * `Date.now` by default. Tests pass a clock they can move.
   */
  clock?: () => number
}

export type Devnet = DevnetInfo & {
  /** The chain the wallet can switch to but apps do not configure (31339). */
  unlistedChain: DevnetChain
  /** The first four mnemonic accounts, funded with ETH and every token. */
  accounts: DevnetAccount[]
  /**
   * The same four mnemonic accounts on Solana (m/44'/501'/i'/0'), funded with 1 000 SOL and
   * 10 000 USDC each; their key pairs are non-extractable CryptoKeys that kit signs with.
   */
  solanaAccounts: SolanaKeyPair[]
  tokens: Record<number, DevnetTokens>
  swap: Record<number, DevnetSwap>
  /**
   * The regtest Bitcoin chain: accounts (payment and ordinals keys, funded), `mine`, `fund`,
   * `balance`, `broadcast`, and the ledger itself.
   */
  bitcoin: DevnetBitcoin
  /**
   * The ERC-1271 smart accounts, the same on every chain: `deployed` (at start) and
   * `counterfactual` (never deployed: signs in with ERC-6492), both owned by account 0.
   */
  smartAccounts: DevnetSmartAccounts
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
  /**
   * The WalletConnect relay's state, for tests (open sockets, subscriptions, stored messages), and
   * its socket refused and restored (a relay that is down: `refuse('reject' | 'hang')`).
   */
  relay: Pick<Relay, 'stats' | 'messages' | 'refuse' | 'restore'>
  /** The mail catcher, `smtp://127.0.0.1:<port>`: takes mail for any address, no login. */
  smtpUrl: string
  /** The caught mail (device links and codes), newest first; `GET /api/inbox` on the secure site. */
  inbox: { list(address?: string): InboxMessage[]; clear(): void }
  /** The anvil processes, one per chain (for checks that stop() leaves none behind). */
  processes: { chainId: number; pid: number }[]
  /** Bodies received on `POST /e`, oldest first. */
  events(): AnalyticsEvent[]
  /**
   * Airdrops one spam NFT ("Free Airdrop NFT", SPAM, on the history API's spam list) to `to` on
   * `chainId` (default 31337; the unlisted chain too) and resolves once it is mined.
   */
  plantSpamNft(to: string, chainId?: number): Promise<PlantedSpamNft>
  /**
   * On-ramp checkout sessions (what `/__devnet/onramp/*` offers over HTTP): list them, and settle
   * one left `pending` by the processing test card, by delivering it (`complete`, resolves once
   * mined) or failing it.
   */
  onramp: {
    /** Newest first. */
    sessions(): OnrampSession[]
    session(id: string): OnrampSession | undefined
    complete(id: string): Promise<OnrampSession>
    fail(id: string, reason?: string): OnrampSession
    /** A quote while it is valid (5 minutes). */
    quote(quoteId: string): OnrampQuote | undefined
  }
  /** The serialisable part, e.g. for `PORTICO_DEVNET`. */
  info(): DevnetInfo
  /** Kills the chains, closes the server and any request it holds open. */
  stop(): Promise<void>
}
