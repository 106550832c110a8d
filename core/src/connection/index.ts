export type {
  ConnectionEvent,
  ConnectionFeature,
  ConnectParameters,
  ConnectReturnType,
  CreateConnectionParameters,
} from './createConnection.js'
export { createConnection } from './createConnection.js'
