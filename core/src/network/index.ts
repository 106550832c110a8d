export type { NetworkFeature } from './createNetwork.js'
export { createNetwork } from './createNetwork.js'
