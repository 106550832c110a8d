export { identityFeature } from './feature.js'
export { IDENTITY_CACHE_MS } from './tuning.js'
export type { IdentityFeature, IdentityInternal, Profile } from './types.js'
