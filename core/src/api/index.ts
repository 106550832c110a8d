export type { BlockchainApi, FungiblePrice, Identity, SupportedChains } from './blockchain.js'
export { createBlockchainApi, identity, supportedChains } from './blockchain.js'
export type {
  ApiClient,
  ApiRequestOptions,
  CreateApiClientParameters,
  QueryValue,
} from './createApiClient.js'
export { API_REQUEST_TIMEOUT_MS, createApiClient } from './createApiClient.js'
export { tokenBalance } from './tokenBalance.js'
export type { ToolkitApi } from './toolkit.js'
export { createToolkitApi, isOriginAllowed } from './toolkit.js'
