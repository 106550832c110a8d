export type { PendingRequest, PendingRequestsFeature } from './createPendingRequests.js'
export { createPendingRequests, isUnsafeMethod, UNSAFE_METHODS } from './createPendingRequests.js'
