export { DEFAULT_ACCOUNT_TYPES, DEFAULT_API_URLS, DEFAULT_FEATURES } from './defaults.js'
export {
  evmChainId,
  networkNamespace,
  networkReference,
  validateNetwork,
} from './network.js'
export type { ResolveOptionsReturnType } from './resolveOptions.js'
export { resolveOptions } from './resolveOptions.js'
export type * from './types.js'
export { CONNECTOR_TYPE_ORDER_DEFAULT, WALLET_FEATURES } from './types.js'
