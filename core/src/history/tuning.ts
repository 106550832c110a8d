/** At most this many pending transactions are shown. */
export const PENDING_TRANSACTIONS_LIMIT = 99
/** A loaded history is shown again without a request for this long (like balances). */
export const HISTORY_CACHE_MS = 30_000
/** After a failed history request, no new request for this long (like balances). */
export const HISTORY_RETRY_BLOCK_MS = 30_000
