export type { BalancesFeature, TokenBalancesStatus } from './createBalances.js'
export { BALANCE_NAMESPACES, createBalances } from './createBalances.js'
