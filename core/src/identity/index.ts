export type { IdentityFeature } from './createIdentity.js'
export { createIdentity } from './createIdentity.js'
