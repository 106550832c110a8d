export type { NetworkFeature, NetworkInternal } from './feature.js'
export { networkFeature } from './feature.js'
export type { NetworkOptions } from './types.js'
