export { createConnectList } from './createConnectList.js'
export type { ConnectorsFeature, CreateConnectorsParameters } from './createConnectors.js'
export { createConnectors, INJECTED_CONNECTOR_ID } from './createConnectors.js'
export type { RecentWalletsFeature } from './createRecentWallets.js'
export { createRecentWallets } from './createRecentWallets.js'
export { isEip1193Provider, listenForAnnouncements, parseAnnouncement } from './eip6963.js'
export type { ConnectItem, ListedWallet, OrderConnectorsParameters } from './orderConnectors.js'
export { orderConnectors } from './orderConnectors.js'
export type {
  Connector,
  ConnectorType,
  Eip1193Provider,
  Eip6963Info,
  ExternalConnector,
} from './types.js'
export { CONNECTOR_TYPES } from './types.js'
