export { RECENT_WALLETS_MAX, RECONNECT_DISCOVERY_TIMEOUT_MS } from './constants.js'
export type {
  ConnectorRegistry,
  ConnectorSource,
  CreateConnectorsParameters,
} from './createConnectors.js'
export { createConnectors, INJECTED_CONNECTOR_ID } from './createConnectors.js'
export { isEip1193Provider, listenForAnnouncements, parseAnnouncement } from './eip6963.js'
export type { ConnectorsFeature, ConnectorsInternal, ConnectorsOptions } from './feature.js'
export { connectorsFeature } from './feature.js'
export type { ConnectItem, ListedWallet, OrderConnectorsParameters } from './orderConnectors.js'
export { orderConnectors } from './orderConnectors.js'
export type { RecentWallet, RecentWallets } from './recentWallets.js'
export { createRecentWallets, recentWallet } from './recentWallets.js'
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
