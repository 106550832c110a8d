export {
  INJECTED_CONNECTOR_ID,
  RECENT_WALLETS_MAX,
  RECONNECT_DISCOVERY_TIMEOUT_MS,
} from './constants.js'
// Only what the shell holds is exported here as values: a module the first load reaches that
// lazily loaded code also imports lands in the first load (esbuild), so the heavy half's modules
// (discovery, the registry, the recent wallets' checks) are exported by `internal.ts` itself.
export type {
  ConnectorRegistry,
  ConnectorSource,
  CreateConnectorsParameters,
} from './createConnectors.js'
export type { ConnectorsFeature, ConnectorsInternal, ConnectorsOptions } from './feature.js'
export { connectorsFeature } from './feature.js'
export type { ConnectItem, ListedWallet, OrderConnectorsParameters } from './orderConnectors.js'
export { orderConnectors } from './orderConnectors.js'
export type { RecentWallet, RecentWallets } from './recentWallets.js'
export type {
  Connector,
  ConnectorsHalf,
  ConnectorsShell,
  ConnectorType,
  CustomWallet,
  Eip1193Provider,
  Eip6963Info,
  ExternalConnector,
  SatsConnectProvider,
  StandardWallet,
  StandardWalletAccount,
} from './types.js'
export { CONNECTOR_TYPES } from './types.js'
