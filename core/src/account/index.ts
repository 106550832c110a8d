export type { AccountFeature } from './feature.js'
export { accountFeature } from './feature.js'
export type { AccountState } from './types.js'
export { EMPTY_ACCOUNT } from './types.js'
