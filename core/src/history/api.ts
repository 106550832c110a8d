import type { ApiClient, ApiRequestOptions } from '../api/index.js'
import {
  arrayOf,
  caipNetworkId,
  cleanDisplayText,
  decimalAmount,
  finiteNumber,
  isRecord,
  TEXT_LIMITS,
} from '../kit.js'
import { toSafeImageUrl } from '../lazyKit.js'
import type { Validator } from '../storage/index.js'

/** One transfer of a transaction (spec §3 "Transaction history item"). */
export type TransactionTransfer = {
  direction: 'in' | 'out' | 'self'
  /** Whole units as a decimal string. */
  quantity: { numeric: string }
  fungible_info?: { name: string; symbol: string; icon?: { url: string } }
  nft_info?: { name: string; content?: { preview?: { url: string } }; flags: { is_spam: boolean } }
  value?: number
  price?: number
}

/** One transaction of an account's history. */
export type Transaction = {
  id: string
  metadata: {
    operationType: string
    hash: string
    /** ISO 8601. */
    minedAt: string
    sentFrom: string
    sentTo: string
    status: 'confirmed' | 'failed' | 'pending'
    nonce?: number
    /** CAIP-2 network id. */
    chain: string
  }
  transfers: readonly TransactionTransfer[]
}

export type TransactionPage = { data: Transaction[]; next: string | null }

/** Hashes, ids and addresses: printable ASCII of a bounded length, or nothing. */
const token = (value: unknown, max = 256) =>
  typeof value === 'string' && value.length <= max && /^[\x21-\x7e]+$/.test(value)
    ? value
    : undefined
/** Transfers read per transaction, and transactions per page: far above any real page. */
const MAX_TRANSFERS = 100
const MAX_TRANSACTIONS = 1_000

const transfer: Validator<TransactionTransfer> = (value) => {
  if (!isRecord(value)) return undefined
  const direction = value.direction
  if (direction !== 'in' && direction !== 'out' && direction !== 'self') return undefined
  const numeric = isRecord(value.quantity) ? decimalAmount(value.quantity.numeric) : undefined
  if (!numeric) return undefined
  const out: TransactionTransfer = { direction, quantity: { numeric } }
  if (isRecord(value.fungible_info)) {
    const f = value.fungible_info
    const symbol = cleanDisplayText(f.symbol, TEXT_LIMITS.symbol)
    if (symbol === undefined || (f.name !== undefined && typeof f.name !== 'string')) {
      return undefined
    }
    const name = cleanDisplayText(f.name, TEXT_LIMITS.name) ?? symbol
    const icon = isRecord(f.icon) ? toSafeImageUrl(f.icon.url) : undefined
    out.fungible_info = { name, symbol, ...(icon ? { icon: { url: icon } } : {}) }
  }
  if (isRecord(value.nft_info)) {
    const n = value.nft_info
    const flags = isRecord(n.flags) && typeof n.flags.is_spam === 'boolean' ? n.flags : undefined
    if (!flags) return undefined
    const preview =
      isRecord(n.content) && isRecord(n.content.preview)
        ? toSafeImageUrl(n.content.preview.url)
        : undefined
    out.nft_info = {
      name: cleanDisplayText(n.name, TEXT_LIMITS.name) ?? '',
      ...(preview ? { content: { preview: { url: preview } } } : {}),
      flags: { is_spam: flags.is_spam as boolean },
    }
  }
  const usd = finiteNumber(value.value)
  const price = finiteNumber(value.price)
  if (usd !== undefined) out.value = usd
  if (price !== undefined) out.price = price
  return out
}

export const transaction: Validator<Transaction> = (value) => {
  if (!isRecord(value) || !isRecord(value.metadata)) return undefined
  const id = token(value.id)
  const m = value.metadata
  const status = m.status
  if (!id || (status !== 'confirmed' && status !== 'failed' && status !== 'pending'))
    return undefined
  const hash = token(m.hash)
  const minedAt = token(m.minedAt, 64)
  const chain = caipNetworkId(m.chain)
  if (!hash || !minedAt || Number.isNaN(Date.parse(minedAt)) || !chain) {
    return undefined
  }
  const transfers = Array.isArray(value.transfers)
    ? (arrayOf(transfer)(value.transfers.slice(0, MAX_TRANSFERS)) ?? [])
    : []
  return {
    id,
    metadata: {
      operationType: token(m.operationType, 64) ?? 'execute',
      hash,
      minedAt,
      sentFrom: token(m.sentFrom) ?? '',
      sentTo: token(m.sentTo) ?? '',
      status,
      nonce: finiteNumber(m.nonce),
      chain,
    },
    transfers,
  }
}

/**
 * A page of `v1/account/{account}/history`: the valid transactions of `data` (at most 1 000 read)
 * and the cursor of the next page, a printable token or null.
 */
export const transactionPage: Validator<TransactionPage> = (value) => {
  if (!isRecord(value) || !Array.isArray(value.data)) return undefined
  const next = token(value.next, 1_024) ?? null
  return { data: arrayOf(transaction)(value.data.slice(0, MAX_TRANSACTIONS)) ?? [], next }
}

export function createHistoryApi(api: ApiClient) {
  return {
    getTransactions: (
      parameters: { account: string; chainId?: string; cursor?: string; onramp?: string },
      options?: ApiRequestOptions,
    ) =>
      api.get(
        `v1/account/${encodeURIComponent(parameters.account)}/history`,
        { cursor: parameters.cursor, chainId: parameters.chainId, onramp: parameters.onramp },
        transactionPage,
        options,
      ),
  }
}

export type HistoryApi = ReturnType<typeof createHistoryApi>
