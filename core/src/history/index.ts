// What only the heavy half uses (its tuning, the list's rules) is not re-exported here: the
// client's first load reaches this file (internal.ts imports those from their modules).
export type { HistoryApi, Transaction, TransactionPage, TransactionTransfer } from './api.js'
export { TRANSFER_DISPLAY_DECIMALS } from './constants.js'
export type { TransactionDay } from './display.js'
export { formatTransferAmount, groupByDay } from './display.js'
export { historyFeature } from './feature.js'
export type { HistoryFeature, HistoryInternal } from './types.js'
