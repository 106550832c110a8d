export { IDENTITY_CACHE_MS } from './constants.js'
export type { IdentityFeature, IdentityInternal, Profile } from './feature.js'
export { identityFeature } from './feature.js'
