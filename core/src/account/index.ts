export type { AccountFeature } from './createAccount.js'
export { createAccount } from './createAccount.js'
export type { AccountState, AuthUser, ConnectedWalletInfo, TokenBalance } from './types.js'
export { EMPTY_ACCOUNT } from './types.js'
