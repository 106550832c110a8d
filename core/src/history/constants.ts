/** At most this many pending transactions are shown. */
export const PENDING_TRANSACTIONS_LIMIT = 99
/** Transfer amounts are shown with this many decimals. */
export const TRANSFER_DISPLAY_DECIMALS = 3
