export { clientIdFromUrl } from './clientId.js'
export {
  DEFAULT_PING_INTERVAL_MS,
  type Relay,
  type RelayMessage,
  type RelayOptions,
  type RelayRefusal,
  type RelayStats,
  startRelay,
} from './server.js'
export {
  createMessageStore,
  DEFAULT_TTL_SECONDS,
  MAX_MESSAGES_PER_TOPIC,
  type MessageStore,
  type StoredMessage,
} from './store.js'
