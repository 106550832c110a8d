export { DEFAULT_API_URLS, DEFAULT_FEATURES } from './defaults.js'
export { invalidOption } from './invalid.js'
export {
  evmChainId,
  networkNamespace,
  networkReference,
  toPorticoNetwork,
  validateNetwork,
} from './network.js'
export { resolveOptions } from './resolveOptions.js'
export type {
  AccountType,
  ApiUrls,
  BaseOptions,
  ChainBlockExplorer,
  ChainRpcUrls,
  ConnectorTypeOrderItem,
  EvmChain,
  Features,
  Metadata,
  NativeCurrency,
  NetworkId,
  NetworkInput,
  PorticoNetwork,
  ResolvedOptions,
  SocialOption,
  SocialProvider,
  WalletFeature,
} from './types.js'
export { CONNECTOR_TYPE_ORDER_DEFAULT, SOCIAL_PROVIDERS, WALLET_FEATURES } from './types.js'
