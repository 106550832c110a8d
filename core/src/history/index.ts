export type { HistoryApi, Transaction, TransactionPage, TransactionTransfer } from './api.js'
export {
  HISTORY_CACHE_MS,
  HISTORY_RETRY_BLOCK_MS,
  PENDING_TRANSACTIONS_LIMIT,
  TRANSFER_DISPLAY_DECIMALS,
} from './constants.js'
export type { TransactionDay } from './display.js'
export { formatTransferAmount, groupByDay, isSpamOnly, visibleTransactions } from './display.js'
export type { HistoryFeature, HistoryInternal } from './feature.js'
export { historyFeature } from './feature.js'
