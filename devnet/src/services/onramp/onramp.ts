import { parseCardPayment } from './card.js'
import { buildCatalog, optionsOf } from './catalog.js'
import { cardOutcome, PAYMENT_LIMITS } from './config.js'
import { createDeliverer, type Deliverer } from './delivery.js'
import { readQuoteInputs } from './market.js'
import {
  checkLimits,
  OnrampInputError,
  parseFiatAmount,
  parseQuoteBody,
  type QuoteRequest,
} from './parse.js'
import { computeQuote, createQuoteStore, type StoredQuote, totalForUnits } from './quote.js'
import { buildSession, runDelivery, type SessionRecord } from './session.js'
/**
 * `open`: waiting for the buyer to pay. `pending`: paid, the tokens not delivered yet (the
 * processing test card, or a delivery being mined). `confirmed`: delivered, with the mined
 * transaction. `failed`: declined, failed by the control route, or the delivery failed.
 */
import type { OnrampService, OnrampServiceOptions, OnrampSession } from './types.js'
import { QuoteExpiredError } from './types.js'

export {
  type OnrampPurchase,
  type OnrampService,
  type OnrampServiceOptions,
  type OnrampSession,
  type OnrampSessionStatus,
  QuoteExpiredError,
} from './types.js'

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

  const inputs = (request: Omit<QuoteRequest, 'amountCents'>) => readQuoteInputs(options, request)

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

      const session = buildSession(request, origin, base, stored, iso(now()))
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
      if (outcome === 'success') await runDelivery(rec, deliver, touch)
      return copy(rec)
    },

    async complete(id) {
      const rec = record(id)
      requirePending(rec)
      await runDelivery(rec, deliver, touch)
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
