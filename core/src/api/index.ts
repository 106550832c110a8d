export type { BlockchainApi, FungiblePrice, Identity, SupportedChains } from './blockchain.js'
export { createBlockchainApi, identity, supportedChains } from './blockchain.js'
// The requests themselves (createApiClient.ts) are left out on purpose: they load with the first
// request (lazyApiClient.ts). What needs them imports that module by its own path. The client
// itself imports lazyApiClient.ts by its path too: through this index, the first load would
// reach the endpoints' validators, which only lazily loaded code uses.
export { createLazyApiClient, preloadApiClient } from './lazyApiClient.js'
export { tokenBalance } from './tokenBalance.js'
export type { ToolkitApi } from './toolkit.js'
export { createToolkitApi, isOriginAllowed } from './toolkit.js'
export type { ApiClient, ApiRequestOptions, CreateApiClientParameters } from './types.js'
export type { QueryValue } from './url.js'
