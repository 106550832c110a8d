import { randomUUID } from 'node:crypto'
import { type Address, formatUnits, getAddress, type Hex } from 'viem'
import type { ChainReader } from '../../chains/evm/reader.js'
import type { DevnetChain, DevnetTokens } from '../../chains/evm/types.js'
import type { PriceTable } from '../prices/priceTable.js'
import type { Pricing } from '../swap/pricing.js'
import { buildCatalog, type OnrampCatalog, type OnrampOptions, optionsOf } from './catalog.js'
import {
  cardOutcome,
  DEFAULT_FIAT_USD,
  type FiatCurrency,
  type OnrampProvider,
  PAYMENT_LIMITS,
  type PaymentMethod,
} from './config.js'
import { createDeliverer, type Deliverer } from './delivery.js'
import {
  checkLimits,
  OnrampInputError,
  parseCardPayment,
  parseFiatAmount,
  parseQuoteBody,
  type QuoteRequest,
  type SessionRequest,
} from './parse.js'
import {
  computeQuote,
  createQuoteStore,
  type OnrampQuote,
  type QuoteInputs,
  type QuoteStore,
  type StoredQuote,
  totalForUnits,
} from './quote.js'

/**
 * `open`: waiting for the buyer to pay. `pending`: paid, the tokens not delivered yet (the
 * processing test card, or a delivery being mined). `confirmed`: delivered, with the mined
 * transaction. `failed`: declined, failed by the control route, or the delivery failed.
 */
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

type SessionRecord = {
  /** Creation order, which breaks ties between sessions of the same millisecond. */
  seq: number
  session: OnrampSession
  request: Omit<QuoteRequest, 'amountCents'>
  quote: StoredQuote | null
  delivering: boolean
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

const notFound = (id: string) => new OnrampInputError(`no on-ramp session ${id}`, undefined, 404)

export function createOnrampService(options: OnrampServiceOptions): OnrampService {
  const now = options.now ?? Date.now
  const catalog = buildCatalog(options.chains, options.tokens)
  const quotes = createQuoteStore({ now })
  const records = new Map<string, SessionRecord>()
  let created = 0
  let deliverer = options.deliver
  const deliver: Deliverer = (delivery) => {
    deliverer ??= createDeliverer(options.chains, options.tokens, options.deployer)
    return deliverer(delivery)
  }

  const iso = (ms: number) => new Date(ms).toISOString()

  async function inputs(request: Omit<QuoteRequest, 'amountCents'>): Promise<QuoteInputs> {
    const reader = options.readers.get(request.network.chainId)
    if (!reader) throw new OnrampInputError(`no devnet chain ${request.network.chainId}`)
    const [market, gasPriceWei] = await Promise.all([
      options.pricing?.snapshot(request.network.chainId) ?? { price: options.prices.get },
      reader.client.getGasPrice(),
    ])
    return {
      assetUsd: market.price(request.asset.symbol) ?? 0,
      ethUsd: market.price('ETH') ?? 0,
      fiatUsd: options.prices.get(request.fiat) ?? DEFAULT_FIAT_USD[request.fiat],
      gasPriceWei,
    }
  }

  async function makeQuote(request: QuoteRequest): Promise<StoredQuote> {
    return quotes.put(request, computeQuote(request, await inputs(request)))
  }

  function record(id: string): SessionRecord {
    const found = records.get(id)
    if (!found) throw notFound(id)
    return found
  }

  function touch(rec: SessionRecord, changes: Partial<OnrampSession>) {
    Object.assign(rec.session, changes, { updatedAt: iso(now()) })
  }

  function setQuote(rec: SessionRecord, stored: StoredQuote) {
    rec.quote = stored
    touch(rec, {
      quote: stored.quote,
      fiat: { ...rec.session.fiat, amount: stored.quote.paymentTotal.amount },
    })
  }

  const copy = (rec: SessionRecord): OnrampSession => structuredClone(rec.session)

  async function runDelivery(rec: SessionRecord): Promise<void> {
    const stored = rec.quote
    if (!stored) throw new Error('a paid session without a quote')
    rec.delivering = true
    try {
      const { network, asset } = rec.request
      const delivered = await deliver({
        chainId: network.chainId,
        asset,
        to: rec.session.wallet,
        units: stored.figures.purchaseUnits,
      })
      touch(rec, {
        status: 'confirmed',
        purchase: {
          asset: asset.symbol,
          amount: formatUnits(stored.figures.purchaseUnits, asset.decimals),
          units: stored.figures.purchaseUnits.toString(),
          chainId: network.chainId,
          caipNetworkId: network.caipNetworkId,
          to: rec.session.wallet,
          contractAddress: network.contractAddress,
          hash: delivered.hash,
          blockNumber: delivered.blockNumber,
          nonce: delivered.nonce,
          minedAt: iso(delivered.timestamp * 1000),
        },
      })
    } catch (error) {
      touch(rec, {
        status: 'failed',
        failure: {
          code: 'delivery_failed',
          message: `The purchase could not be delivered: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
        },
      })
    } finally {
      rec.delivering = false
    }
  }

  function requirePending(rec: SessionRecord) {
    if (rec.session.status !== 'pending') {
      throw new OnrampInputError(
        `session ${rec.session.id} is ${rec.session.status}, not pending`,
        undefined,
        409,
      )
    }
    if (rec.delivering) {
      throw new OnrampInputError(`session ${rec.session.id} is being delivered`, undefined, 409)
    }
  }

  return {
    catalog,
    quotes,
    options: () => optionsOf(catalog),

    async quote(body) {
      return (await makeQuote(parseQuoteBody(body, catalog))).quote
    },

    getQuote: (quoteId) => quotes.get(quoteId)?.quote,

    async openSession(request, origin) {
      let base: Omit<QuoteRequest, 'amountCents'> = {
        asset: request.asset,
        network: request.network,
        fiat: request.fiat,
        method: 'card',
      }
      let stored: StoredQuote | null = null
      const amount = request.amount
      if (amount.kind === 'quote') {
        const found = quotes.get(amount.quoteId)
        if (!found) throw new OnrampInputError('quoteId: unknown or expired quote')
        if (found.request.method !== 'card') {
          throw new OnrampInputError(
            'quoteId: the devnet checkout takes cards: ask for a card quote',
          )
        }
        if (!request.allowedChainIds.includes(found.request.network.chainId)) {
          throw new OnrampInputError(
            `quoteId: the quote delivers on ${found.request.network.name}, which the request does not allow`,
          )
        }
        base = { ...found.request }
        stored = found
      } else if (amount.kind === 'fiat') {
        stored = await makeQuote({ ...base, amountCents: amount.cents })
      } else if (amount.kind === 'crypto') {
        const cents = totalForUnits(base, amount.units, await inputs(base))
        checkLimits(cents, 'card', base.fiat, 'presetCryptoAmount')
        stored = await makeQuote({ ...base, amountCents: cents })
      }

      const at = iso(now())
      const { asset, network } = base
      const session: OnrampSession = {
        id: randomUUID(),
        provider: request.provider,
        status: 'open',
        wallet: getAddress(request.wallet),
        partnerUserId: request.partnerUserId,
        origin,
        network: {
          name: network.name,
          displayName: network.displayName,
          chainId: network.chainId,
          caipNetworkId: network.caipNetworkId,
        },
        asset: {
          id: asset.id,
          symbol: asset.symbol,
          name: asset.name,
          decimals: asset.decimals,
          contractAddress: network.contractAddress,
        },
        fiat: { currency: base.fiat, amount: stored ? stored.quote.paymentTotal.amount : null },
        paymentMethod: 'card',
        quote: stored ? stored.quote : null,
        card: null,
        purchase: null,
        failure: null,
        createdAt: at,
        updatedAt: at,
        paidAt: null,
      }
      const rec: SessionRecord = {
        seq: created++,
        session,
        request: base,
        quote: stored,
        delivering: false,
      }
      records.set(session.id, rec)
      return copy(rec)
    },

    sessions: () => [...records.values()].sort((a, b) => b.seq - a.seq).map(copy),

    session(id) {
      const rec = records.get(id)
      return rec ? copy(rec) : undefined
    },

    async requote(id, body) {
      const rec = record(id)
      if (rec.session.status !== 'open') {
        throw new OnrampInputError(`session ${id} is ${rec.session.status}`, undefined, 409)
      }
      const raw =
        typeof body === 'object' && body !== null
          ? (body as Record<string, unknown>).amount
          : undefined
      let cents: bigint
      try {
        cents = parseFiatAmount(raw)
        checkLimits(cents, 'card', rec.request.fiat)
      } catch (error) {
        if (!(error instanceof OnrampInputError)) throw error
        // The page shows it next to the amount field.
        const { min, max } = PAYMENT_LIMITS.card
        throw new OnrampInputError(error.message, {
          amount: `Enter an amount from ${min} to ${max} ${rec.request.fiat}.`,
        })
      }
      const stored = await makeQuote({ ...rec.request, amountCents: cents })
      // The session may have been paid while the gas price was read.
      if (rec.session.status !== 'open') {
        throw new OnrampInputError(`session ${id} is ${rec.session.status}`, undefined, 409)
      }
      setQuote(rec, stored)
      return copy(rec)
    },

    async pay(id, body) {
      const rec = record(id)
      if (rec.session.status !== 'open') {
        throw new OnrampInputError(`session ${id} is ${rec.session.status}`, undefined, 409)
      }
      if (!rec.quote)
        throw new OnrampInputError(
          'enter an amount first: the session has no quote',
          undefined,
          409,
        )
      const card = parseCardPayment(body, now())
      const outcome = cardOutcome(card.number)
      if (!outcome) {
        throw new OnrampInputError('invalid card details', {
          cardNumber:
            'Not a devnet test card. Use 4242 4242 4242 4242 (succeeds), 4000 0000 0000 0002 (declined) or 4000 0000 0000 0085 (stays processing).',
        })
      }
      if (!quotes.get(rec.quote.quote.quoteId)) {
        const amountCents = rec.quote.figures.totalCents
        setQuote(rec, await makeQuote({ ...rec.request, amountCents }))
        throw new QuoteExpiredError(copy(rec))
      }
      // Checked again: another payment may have started while the quote was remade.
      if (rec.session.status !== 'open') {
        throw new OnrampInputError(`session ${id} is ${rec.session.status}`, undefined, 409)
      }
      const paidAt = iso(now())
      if (outcome === 'declined') {
        touch(rec, {
          status: 'failed',
          paidAt,
          card: { last4: card.last4 },
          failure: { code: 'card_declined', message: 'The card was declined.' },
        })
        return copy(rec)
      }
      touch(rec, { status: 'pending', paidAt, card: { last4: card.last4 } })
      if (outcome === 'success') await runDelivery(rec)
      return copy(rec)
    },

    async complete(id) {
      const rec = record(id)
      requirePending(rec)
      await runDelivery(rec)
      return copy(rec)
    },

    fail(id, reason) {
      const rec = record(id)
      requirePending(rec)
      touch(rec, {
        status: 'failed',
        failure: {
          code: 'provider_failed',
          message: reason ?? 'The provider could not complete the purchase.',
        },
      })
      return copy(rec)
    },

    purchases: () =>
      [...records.values()]
        .filter((rec) => rec.session.paidAt !== null)
        .sort(
          (a, b) =>
            (b.session.paidAt as string).localeCompare(a.session.paidAt as string) || b.seq - a.seq,
        )
        .map(copy),
  }
}
