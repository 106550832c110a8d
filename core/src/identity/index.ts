// The cache time is the heavy half's (internal.ts imports it from its module): re-exported here,
// the client's first load would reach the half's module.
export { identityFeature } from './feature.js'
export type {
  FetchIdentityErrorType,
  IdentityFeature,
  IdentityInternal,
  Profile,
} from './types.js'
