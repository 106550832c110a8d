export type { SiwxFeature, SiwxInternal } from './feature.js'
export { siwxFeature } from './feature.js'
export type { SiweConfig, SiwxConfig, SiwxOptions, SiwxSession } from './types.js'
