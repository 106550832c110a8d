import { CHAIN_NAMESPACES, type ChainNamespace } from '../caip/index.js'
import {
  arrayOf,
  oneOf,
  type SafeStorage,
  storedMap,
  storedValue,
  string,
} from '../storage/index.js'
import { CONNECTION_STATUSES } from './types.js'

export const CONNECTION_STORAGE_KEYS = [
  'connected_connector_id',
  'connection_status',
  'connected_namespaces',
  'connections',
] as const

const namespace = oneOf(CHAIN_NAMESPACES)

/** What the connection keeps across reloads, per namespace. */
export function createConnectionStorage(storage: SafeStorage) {
  return {
    connectedConnectorId: storedMap<ChainNamespace, string>(
      storage,
      'connected_connector_id',
      string,
    ),
    connectionStatus: storedValue(storage, 'connection_status', oneOf(CONNECTION_STATUSES)),
    connectedNamespaces: storedValue(storage, 'connected_namespaces', arrayOf(namespace)),
    connections: storedMap<ChainNamespace, unknown[]>(storage, 'connections', (value) =>
      Array.isArray(value) ? value : undefined,
    ),
  }
}

export type ConnectionStorage = ReturnType<typeof createConnectionStorage>
