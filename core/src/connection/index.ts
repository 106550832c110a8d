export type { WalletRequestKind } from './constants.js'
export {
  CONNECT_TIMEOUT_MS,
  RECONNECT_TIMEOUT_MS,
  SWITCH_NETWORK_TIMEOUT_MS,
  walletRequestTimeout,
} from './constants.js'
export { connectionEvent } from './events.js'

export { connectionFeature } from './feature.js'
export type {
  ActiveConnection,
  ConnectErrorType,
  ConnectedWalletInfo,
  ConnectionEvent,
  ConnectionFeature,
  ConnectionInternal,
  ConnectionOptions,
  ConnectionState,
  ConnectionStatus,
  ConnectParameters,
  ConnectReturnType,
  DisconnectErrorType,
  DisconnectParameters,
  SwitchAccountErrorType,
  SwitchAccountParameters,
  SwitchNamespaceErrorType,
  SwitchNetworkErrorType,
} from './types.js'
export { CONNECTION_STATUSES, DISCONNECTED } from './types.js'
