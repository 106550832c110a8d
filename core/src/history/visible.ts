import type { Transaction } from './api.js'
import { PENDING_TRANSACTIONS_LIMIT } from './tuning.js'

// The list's rules, applied by the heavy half as pages arrive (the views only group and format).

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
