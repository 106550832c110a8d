import type { Address } from 'viem'
import type { HistoryTransfer } from '../history/types.js'
import { ONRAMP_HISTORY_PAGE_SIZE, type OnrampProvider, PROVIDER_LABELS } from './config.js'
import type { OnrampSession } from './onramp.js'

/**
 * A purchase in the history answer (`?onramp=coinbase`): the history item shape, with the hosted
 * service's on-ramp conventions. `operationType` is `buy`, `sentFrom` the provider's name,
 * `sentTo` the destination wallet; `hash`, `nonce` and `minedAt` are the delivery's once it is
 * mined, and `''`, 0 and the time of the last change while pending or failed.
 */
export type OnrampHistoryItem = {
  /** The checkout session id. */
  id: string
  metadata: {
    operationType: 'buy'
    hash: string
    minedAt: string
    sentFrom: string
    sentTo: Address
    status: 'pending' | 'confirmed' | 'failed'
    nonce: number
    chain: string
  }
  transfers: HistoryTransfer[]
}

export type OnrampHistoryPage = { data: OnrampHistoryItem[]; next: string | null }

export class InvalidOnrampCursorError extends Error {
  constructor() {
    super('invalid cursor')
  }
}

export type OnrampHistoryQuery = {
  provider: OnrampProvider
  account: Address
  /** Only purchases delivered on these chains; all when absent. */
  chainIds?: readonly number[]
  cursor?: string | null
  tokenIcon(symbol: string): string
  /** USD per whole token, 0 when unknown. */
  price(symbol: string): number
}

function presentPurchase(
  session: OnrampSession,
  context: Pick<OnrampHistoryQuery, 'tokenIcon' | 'price'>,
): OnrampHistoryItem {
  const status = session.status === 'open' ? 'pending' : session.status
  const amount = session.purchase?.amount ?? session.quote?.purchaseAmount.amount ?? '0'
  const price = context.price(session.asset.symbol)
  return {
    id: session.id,
    metadata: {
      operationType: 'buy',
      hash: session.purchase?.hash ?? '',
      minedAt: session.purchase?.minedAt ?? session.updatedAt,
      sentFrom: PROVIDER_LABELS[session.provider],
      sentTo: session.wallet,
      status,
      nonce: session.purchase?.nonce ?? 0,
      chain: session.network.caipNetworkId,
    },
    transfers: [
      {
        fungible_info: {
          name: session.asset.name,
          symbol: session.asset.symbol,
          icon: { url: context.tokenIcon(session.asset.symbol) },
        },
        direction: 'in',
        quantity: { numeric: amount },
        value: Number(amount) * price,
        price,
      },
    ],
  }
}

/** base64url of the last item's session id: a page starts right after it. */
const encodeCursor = (id: string) => Buffer.from(id).toString('base64url')

function decodeCursor(cursor: string): string | null {
  const id = Buffer.from(cursor, 'base64url').toString('utf8')
  return /^[0-9a-f-]{36}$/.test(id) ? id : null
}

/**
 * The account's purchases from one provider, newest payment first, 20 a page. `purchases` is
 * the service's list (already newest first); a cursor naming a purchase that is not in this
 * selection is refused like any unknown cursor.
 */
export function onrampHistoryPage(
  purchases: readonly OnrampSession[],
  query: OnrampHistoryQuery,
): OnrampHistoryPage {
  const mine = purchases.filter(
    (s) =>
      s.provider === query.provider &&
      s.wallet === query.account &&
      (!query.chainIds || query.chainIds.includes(s.network.chainId)),
  )
  let start = 0
  if (query.cursor) {
    const after = decodeCursor(query.cursor)
    const index = after ? mine.findIndex((s) => s.id === after) : -1
    if (index < 0) throw new InvalidOnrampCursorError()
    start = index + 1
  }
  const page = mine.slice(start, start + ONRAMP_HISTORY_PAGE_SIZE)
  const last = page.at(-1)
  return {
    data: page.map((session) => presentPurchase(session, query)),
    next: last && start + ONRAMP_HISTORY_PAGE_SIZE < mine.length ? encodeCursor(last.id) : null,
  }
}
