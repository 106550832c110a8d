export {
  type Relay,
  type RelayMessage,
  type RelayOptions,
  type RelayRefusal,
  type RelayStats,
  startRelay,
} from './server.js'
