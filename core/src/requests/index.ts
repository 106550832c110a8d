export type { RequestsFeature, RequestsInternal } from './feature.js'
export { requestsFeature } from './feature.js'
export type { PendingRequest } from './pendingRequests.js'
export { isUnsafeMethod, UNSAFE_METHODS } from './pendingRequests.js'
