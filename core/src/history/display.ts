import { formatAmount } from '../format/index.js'
import type { Transaction } from './api.js'
import { PENDING_TRANSACTIONS_LIMIT, TRANSFER_DISPLAY_DECIMALS } from './constants.js'

/** Spec §5: a transaction whose transfers are all spam NFTs is hidden. */
export function isSpamOnly(transaction: Transaction): boolean {
  return (
    transaction.transfers.length > 0 &&
    transaction.transfers.every((t) => t.nft_info?.flags.is_spam === true)
  )
}

/**
 * What the activity list shows: only the active chain's transactions, spam-only ones hidden, at
 * most 99 pending ones (spec §9), in the order given (newest first).
 */
export function visibleTransactions(
  transactions: readonly Transaction[],
  chainId: string | undefined,
): Transaction[] {
  let pending = 0
  return transactions.filter((transaction) => {
    if (chainId && transaction.metadata.chain !== chainId) return false
    if (isSpamOnly(transaction)) return false
    if (transaction.metadata.status === 'pending') {
      pending++
      if (pending > PENDING_TRANSACTIONS_LIMIT) return false
    }
    return true
  })
}

/** A transfer amount with 3 decimals (spec §9). */
export function formatTransferAmount(numeric: string): string {
  return formatAmount(numeric, TRANSFER_DISPLAY_DECIMALS)
}

/** The transactions of one calendar day. */
export type TransactionDay = { day: string; transactions: Transaction[] }

/** Groups transactions by the local calendar day they were mined (YYYY-MM-DD), keeping order. */
export function groupByDay(transactions: readonly Transaction[]): TransactionDay[] {
  const days: TransactionDay[] = []
  for (const transaction of transactions) {
    const date = new Date(transaction.metadata.minedAt)
    const day = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`
    const last = days[days.length - 1]
    if (last?.day === day) last.transactions.push(transaction)
    else days.push({ day, transactions: [transaction] })
  }
  return days
}
