export {
  isCaipAddress,
  isCaipNetworkId,
  isChainNamespace,
  parseCaipAddress,
  parseCaipNetworkId,
  toCaipAddress,
} from './parse.js'
export type {
  CaipAddress,
  CaipNetworkId,
  ChainNamespace,
  ParsedCaipAddress,
  ParsedCaipNetworkId,
} from './types.js'
export { CHAIN_NAMESPACES } from './types.js'
