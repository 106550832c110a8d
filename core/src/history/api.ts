import type { ApiClient, ApiRequestOptions } from '../api/index.js'
import { isCaipNetworkId } from '../caip/index.js'
import { toSafeImageUrl } from '../security/index.js'
import { arrayOf, finiteNumber, isRecord, type Validator } from '../storage/validators.js'

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

const text = (value: unknown) => (typeof value === 'string' ? value : undefined)

const transfer: Validator<TransactionTransfer> = (value) => {
  if (!isRecord(value)) return undefined
  const direction = value.direction
  if (direction !== 'in' && direction !== 'out' && direction !== 'self') return undefined
  const numeric = isRecord(value.quantity) ? text(value.quantity.numeric) : undefined
  if (!numeric || !/^\d+(\.\d+)?$/.test(numeric)) return undefined
  const out: TransactionTransfer = { direction, quantity: { numeric } }
  if (isRecord(value.fungible_info)) {
    const f = value.fungible_info
    const name = text(f.name)
    const symbol = text(f.symbol)
    if (name === undefined || symbol === undefined) return undefined
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
      name: text(n.name) ?? '',
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
  const id = text(value.id)
  const m = value.metadata
  const status = m.status
  if (!id || (status !== 'confirmed' && status !== 'failed' && status !== 'pending'))
    return undefined
  const hash = text(m.hash)
  const minedAt = text(m.minedAt)
  const chain = text(m.chain)
  if (!hash || !minedAt || Number.isNaN(Date.parse(minedAt)) || !isCaipNetworkId(chain)) {
    return undefined
  }
  const transfers = arrayOf(transfer)(value.transfers) ?? []
  return {
    id,
    metadata: {
      operationType: text(m.operationType) ?? 'execute',
      hash,
      minedAt,
      sentFrom: text(m.sentFrom) ?? '',
      sentTo: text(m.sentTo) ?? '',
      status,
      nonce: finiteNumber(m.nonce),
      chain,
    },
    transfers,
  }
}

const transactionPage: Validator<TransactionPage> = (value) => {
  if (!isRecord(value) || !Array.isArray(value.data)) return undefined
  const next = typeof value.next === 'string' && value.next.length > 0 ? value.next : null
  return { data: arrayOf(transaction)(value.data) ?? [], next }
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
