import { formatAmount } from '../format/index.js'
import type { Transaction } from './api.js'
import { TRANSFER_DISPLAY_DECIMALS } from './constants.js'

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
