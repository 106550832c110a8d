import type { Address, Hex } from 'viem'
import type { ChainReader } from '../../chains/evm/reader.js'
import type { DevnetChain, DevnetTokens } from '../../chains/evm/types.js'
import type { PriceTable } from '../prices/priceTable.js'
import type { Pricing } from '../swap/pricing.js'
import type { OnrampCatalog, OnrampOptions } from './catalog.js'
import type { FiatCurrency, OnrampProvider, PaymentMethod } from './config.js'
import type { Deliverer } from './delivery.js'
import type { OnrampQuote, QuoteStore } from './quote.js'
import type { SessionRequest } from './sessionRequest.js'

/**
 * `open`: waiting for the buyer to pay. `pending`: paid, the tokens not delivered yet (the
 * processing test card, or a delivery being mined). `confirmed`: delivered, with the mined
 * transaction. `failed`: declined, failed by the control route, or the delivery failed.
 */

// The on-ramp's sessions and purchases as the API and the `Devnet` object show them, and the
// service's shape.

export type OnrampSessionStatus = 'open' | 'pending' | 'confirmed' | 'failed'

export type OnrampPurchase = {
  /** Symbol of what was bought. */
  asset: string
  /** Whole units, as the quote's `purchaseAmount.amount`. */
  amount: string
  /** Smallest units, decimal string. */
  units: string
  chainId: number
  caipNetworkId: `eip155:${number}`
  /** The destination wallet. */
  to: Address
  /** The token contract, '' for ETH. */
  contractAddress: Address | ''
  hash: Hex
  blockNumber: number
  /** The delivery transaction's nonce (the sender is the devnet's deployer). */
  nonce: number
  /** The block's time, ISO 8601. */
  minedAt: string
}

/** A checkout session as the page, the control routes and `devnet.onramp` see it. */
export type OnrampSession = {
  id: string
  provider: OnrampProvider
  status: OnrampSessionStatus
  wallet: Address
  partnerUserId: string | null
  /** The app's origin (its `Origin` header, or the `Referer`'s origin for the Meld entry). */
  origin: string | null
  network: { name: string; displayName: string; chainId: number; caipNetworkId: string }
  asset: { id: string; symbol: string; name: string; decimals: number; contractAddress: string }
  /** `amount` is the total to pay (the quote's `paymentTotal`), null before there is a quote. */
  fiat: { currency: FiatCurrency; amount: string | null }
  paymentMethod: PaymentMethod
  quote: OnrampQuote | null
  card: { last4: string } | null
  purchase: OnrampPurchase | null
  failure: { code: string; message: string } | null
  createdAt: string
  updatedAt: string
  /** When the buyer paid (the session became a purchase in the history); null while open. */
  paidAt: string | null
}

/** Paying with an expired quote: a new one was made, which the buyer reviews before paying. */
export class QuoteExpiredError extends Error {
  constructor(readonly session: OnrampSession) {
    super('the quote expired: review the new quote and pay again')
  }
}

export type OnrampService = {
  catalog: OnrampCatalog
  options(): OnrampOptions
  quote(body: unknown): Promise<OnrampQuote>
  /** A stored quote while it is valid (5 minutes). */
  getQuote(quoteId: string): OnrampQuote | undefined
  openSession(request: SessionRequest, origin: string | null): Promise<OnrampSession>
  /** Every session, newest first. */
  sessions(): OnrampSession[]
  session(id: string): OnrampSession | undefined
  /** Sets or changes an open session's amount (the checkout's amount form). */
  requote(id: string, body: unknown): Promise<OnrampSession>
  /** Pays an open session with a test card; resolves once the outcome is known (and mined). */
  pay(id: string, body: unknown): Promise<OnrampSession>
  /** Delivers a pending session's purchase (control route). */
  complete(id: string): Promise<OnrampSession>
  /** Ends a pending session as failed (control route). */
  fail(id: string, reason?: string): OnrampSession
  /** Sessions that were paid, with their provider, newest payment first. */
  purchases(): OnrampSession[]
  quotes: QuoteStore
}

export type OnrampServiceOptions = {
  chains: readonly DevnetChain[]
  readers: ReadonlyMap<number, ChainReader>
  tokens: Readonly<Record<number, DevnetTokens>>
  prices: PriceTable
  /**
   * The prices the balance route answers (pinned, else the chain's pools, else the table): the
   * asset and the gas are quoted at them, so a purchase is worth what the wallet then shows.
   * Without it (unit tests), the price table alone. Fiat rates always come from the table.
   */
  pricing?: Pricing
  /** The account that mints tokens and sends ETH for purchases. */
  deployer: Address
  now?: () => number
  /** Replaces the on-chain delivery (unit tests). */
  deliver?: Deliverer
}
