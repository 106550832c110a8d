import { randomUUID } from 'node:crypto'
import { formatUnits, getAddress } from 'viem'
import type { Deliverer } from './delivery.js'
import type { QuoteRequest } from './parse.js'
import type { StoredQuote } from './quote.js'
import type { SessionRequest } from './sessionRequest.js'
import type { OnrampSession } from './types.js'

// An on-ramp session's record: what it is made of, and the delivery of its purchase.

export type SessionRecord = {
  /** Creation order, which breaks ties between sessions of the same millisecond. */
  seq: number
  session: OnrampSession
  request: Omit<QuoteRequest, 'amountCents'>
  quote: StoredQuote | null
  delivering: boolean
}

/** A new open session for the request, priced by the quote when there is one yet. */
export function buildSession(
  request: SessionRequest,
  origin: OnrampSession['origin'],
  base: Omit<QuoteRequest, 'amountCents'>,
  stored: StoredQuote | null,
  at: string,
): OnrampSession {
  const { asset, network } = base
  return {
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
}

/** Delivers a paid session's tokens: confirmed with the mined transaction, else failed. */
export async function runDelivery(
  rec: SessionRecord,
  deliver: Deliverer,
  touch: (rec: SessionRecord, changes: Partial<OnrampSession>) => void,
): Promise<void> {
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
        minedAt: new Date(delivered.timestamp * 1000).toISOString(),
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
