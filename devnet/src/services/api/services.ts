import type { DevnetBitcoin } from '../../chains/bitcoin/index.js'
import type { ChainReader } from '../../chains/evm/reader.js'
import type { DevnetChain, DevnetInfo, DevnetSwap, DevnetTokens } from '../../chains/evm/types.js'
import type { Ledger } from '../../chains/solana/ledger.js'
import type { WalletListing } from '../../wallets/listing/fixture.js'
import type { AnalyticsStore } from '../analytics/store.js'
import type { NameRegistry } from '../names/registry.js'
import type { OnrampService } from '../onramp/onramp.js'
import type { PriceTable } from '../prices/priceTable.js'
import type { SiwxService } from '../siwx/siwx.js'
import type { PriceMover } from '../swap/mover.js'
import type { Pricing } from '../swap/pricing.js'
import type { FaultStore } from './faults.js'
import type { Route } from './router.js'

/** Everything a route module may use; handed over when the server is built. */
export type DevnetServices = {
  /** The chains apps configure and the API supports (not the unlisted one). */
  chains: readonly DevnetChain[]
  readers: ReadonlyMap<number, ChainReader>
  /** Contract addresses by chain id, every chain including the unlisted one. */
  tokens: Readonly<Record<number, DevnetTokens>>
  /** The Uniswap V2 contracts by chain id, every chain including the unlisted one. */
  swap: Readonly<Record<number, DevnetSwap>>
  prices: PriceTable
  /** Prices as the routes answer them: pinned, else the pools', else the table's. */
  pricing: Pricing
  /** Moves a pool's price with a large swap by the deployer (tests). */
  movePrice: PriceMover
  /** The regtest Bitcoin chain, for Bitcoin addresses in the balance route. */
  bitcoin: DevnetBitcoin
  names: NameRegistry
  analytics: AnalyticsStore
  faults: FaultStore
  wallets: readonly WalletListing[]
  settings: { allowedOrigins: readonly string[]; analyticsEnabled: boolean }
  /** On-ramp quotes, checkout sessions and purchases (shared with `devnet.onramp`). */
  onramp: OnrampService
  /** The Solana chain: the balance route reads its ledger directly. */
  solana: { ledger: Ledger }
  /** Sign-in with X: nonces, signature checks, session tokens. */
  siwx: SiwxService
  info(): DevnetInfo
}

/** One endpoint group: later issues add history, profile, convert and onramp as modules. */
export type RouteModule = (services: DevnetServices) => Route[]
