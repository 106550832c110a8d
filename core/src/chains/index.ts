/** `@portico/core/chains`: ready network definitions and the namespaces' constants. */
export { BITCOIN_CHAINS, NATIVE_DECIMALS, SOLANA_CLUSTERS } from './constants.js'
export {
  abstract,
  arbitrum,
  avalanche,
  bitcoin,
  bitcoinTestnet,
  gnosis,
  optimism,
  polygon,
  solana,
  solanaDevnet,
  solanaTestnet,
} from './definitions.js'
