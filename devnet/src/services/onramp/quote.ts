import { randomUUID } from 'node:crypto'
import { formatUnits } from 'viem'
import { DELIVERY_GAS, PROVIDER_FEE_BPS, QUOTE_TTL_MS } from './config.js'
import { formatCents, OnrampInputError, type QuoteRequest } from './parse.js'

/** Prices enter the arithmetic as integers of 10⁻¹² USD, so amounts stay exact bigints. */
const SCALE = 1_000_000_000_000
const WEI_PER_ETH = 10n ** 18n

const scaled = (usd: number) => BigInt(Math.round(usd * SCALE))
const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b

/**
 * What a quote is computed from: the devnet's prices (pinned, else the chain's pools, else the
 * price table) and the chain's gas price at request time.
 */
export type QuoteInputs = {
  /** USD per whole unit of the asset bought. */
  assetUsd: number
  /** USD per ETH, for the network fee. */
  ethUsd: number
  /** USD per unit of the payment currency. */
  fiatUsd: number
  gasPriceWei: bigint
}

export type QuoteFigures = {
  totalCents: bigint
  providerFeeCents: bigint
  networkFeeCents: bigint
  subtotalCents: bigint
  /** Smallest units of the asset; exactly what the delivery sends. */
  purchaseUnits: bigint
}

function checkInputs(request: Pick<QuoteRequest, 'asset' | 'fiat'>, inputs: QuoteInputs) {
  for (const [what, usd] of [
    [request.asset.symbol, inputs.assetUsd],
    ['ETH', inputs.ethUsd],
    [request.fiat, inputs.fiatUsd],
  ] as const) {
    if (!(usd > 0) || !Number.isFinite(usd) || scaled(usd) === 0n) {
      throw new OnrampInputError(`no price for ${what} in the devnet price table`, undefined, 422)
    }
  }
}

/**
 * The network fee: the delivery's gas at the chain's gas price, in the payment currency,
 * rounded up to the cent.
 */
function networkFeeCents(request: Pick<QuoteRequest, 'asset'>, inputs: QuoteInputs): bigint {
  const gas = request.asset.token ? DELIVERY_GAS.token : DELIVERY_GAS.native
  return ceilDiv(
    inputs.gasPriceWei * gas * scaled(inputs.ethUsd) * 100n,
    WEI_PER_ETH * scaled(inputs.fiatUsd),
  )
}

/**
 * A quote for paying `amountCents` in total: the provider fee (its rate of the total, rounded up
 * to the cent) and the network fee come off first, the rest buys the asset at its price,
 * rounded down to the asset's smallest unit.
 */
export function computeQuote(request: QuoteRequest, inputs: QuoteInputs): QuoteFigures {
  checkInputs(request, inputs)
  const totalCents = request.amountCents
  const providerFeeCents = ceilDiv(totalCents * PROVIDER_FEE_BPS[request.method], 10_000n)
  const network = networkFeeCents(request, inputs)
  const subtotalCents = totalCents - providerFeeCents - network
  if (subtotalCents <= 0n) {
    throw new OnrampInputError(
      `amount: ${formatCents(totalCents)} ${request.fiat} does not cover the fees (${formatCents(providerFeeCents + network)})`,
    )
  }
  const purchaseUnits =
    (subtotalCents * scaled(inputs.fiatUsd) * 10n ** BigInt(request.asset.decimals)) /
    (100n * scaled(inputs.assetUsd))
  if (purchaseUnits === 0n) {
    throw new OnrampInputError(
      `amount: ${formatCents(totalCents)} ${request.fiat} buys no ${request.asset.symbol}`,
    )
  }
  return { totalCents, providerFeeCents, networkFeeCents: network, subtotalCents, purchaseUnits }
}

/**
 * The smallest total (in cents) whose quote buys at least `units` of the asset: how a
 * `presetCryptoAmount` becomes a fiat amount.
 */
export function totalForUnits(
  request: Omit<QuoteRequest, 'amountCents'>,
  units: bigint,
  inputs: QuoteInputs,
): bigint {
  checkInputs(request, inputs)
  const needed = ceilDiv(
    units * 100n * scaled(inputs.assetUsd),
    scaled(inputs.fiatUsd) * 10n ** BigInt(request.asset.decimals),
  )
  const network = networkFeeCents(request, inputs)
  const bps = PROVIDER_FEE_BPS[request.method]
  let total = ceilDiv((needed + network) * 10_000n, 10_000n - bps)
  // The fee is rounded up to the cent, which can leave the subtotal a cent short.
  while (total - ceilDiv(total * bps, 10_000n) - network < needed) total += 1n
  return total
}

/** The answer of `POST /v1/onramp/quote`: the hosted service's fields plus the devnet's extras. */
export type OnrampQuote = {
  quoteId: string
  paymentTotal: { amount: string; currency: string }
  paymentSubtotal: { amount: string; currency: string }
  /** The provider's fee (named after Coinbase, whichever provider checks out). */
  coinbaseFee: { amount: string; currency: string }
  networkFee: { amount: string; currency: string }
  purchaseAmount: { amount: string; currency: string }
  paymentMethod: QuoteRequest['method']
  /** The on-ramp name of the network it delivers on (`devnet`, `devnet-l2`). */
  network: string
  /** ISO 8601: the quote is kept and honoured until then. */
  expiresAt: string
}

export type StoredQuote = {
  quote: OnrampQuote
  request: QuoteRequest
  figures: QuoteFigures
  createdAt: number
  expiresAt: number
}

function presentQuote(
  quoteId: string,
  request: QuoteRequest,
  figures: QuoteFigures,
  expiresAt: number,
): OnrampQuote {
  const fiat = (cents: bigint) => ({ amount: formatCents(cents), currency: request.fiat })
  return {
    quoteId,
    paymentTotal: fiat(figures.totalCents),
    paymentSubtotal: fiat(figures.subtotalCents),
    coinbaseFee: fiat(figures.providerFeeCents),
    networkFee: fiat(figures.networkFeeCents),
    purchaseAmount: {
      amount: formatUnits(figures.purchaseUnits, request.asset.decimals),
      currency: request.asset.symbol,
    },
    paymentMethod: request.method,
    network: request.network.name,
    expiresAt: new Date(expiresAt).toISOString(),
  }
}

export type QuoteStore = {
  /** Stores a new quote under a fresh random id, valid for the store's lifetime (5 minutes). */
  put(request: QuoteRequest, figures: QuoteFigures): StoredQuote
  /** The quote, while it is valid; undefined once `now` reaches its expiry or for unknown ids. */
  get(quoteId: string): StoredQuote | undefined
  /** Quotes still held (expired ones are dropped as they are met). */
  size(): number
}

/**
 * Quotes by id. `now` is injected so tests can move the clock; ids are random UUIDs, so one
 * cannot be guessed from another.
 */
export function createQuoteStore(
  options: { now?: () => number; ttlMs?: number; randomId?: () => string } = {},
): QuoteStore {
  const now = options.now ?? Date.now
  const ttl = options.ttlMs ?? QUOTE_TTL_MS
  const randomId = options.randomId ?? randomUUID
  const quotes = new Map<string, StoredQuote>()

  function prune(at: number) {
    for (const [id, stored] of quotes) if (stored.expiresAt <= at) quotes.delete(id)
  }

  return {
    put(request, figures) {
      const createdAt = now()
      prune(createdAt)
      let id = randomId()
      while (quotes.has(id)) id = randomId()
      const expiresAt = createdAt + ttl
      const stored = {
        quote: presentQuote(id, request, figures, expiresAt),
        request,
        figures,
        createdAt,
        expiresAt,
      }
      quotes.set(id, stored)
      return stored
    },
    get(quoteId) {
      const stored = quotes.get(quoteId)
      if (!stored) return undefined
      if (stored.expiresAt <= now()) {
        quotes.delete(quoteId)
        return undefined
      }
      return stored
    },
    size() {
      prune(now())
      return quotes.size
    },
  }
}
