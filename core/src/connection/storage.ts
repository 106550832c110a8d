import { CHAIN_NAMESPACES, type ChainNamespace } from '../caip/index.js'
import {
  arrayOf,
  evmAddress,
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

/**
 * An address read back from the stored connection, before any wallet confirmed it: an EVM address
 * on eip155, a CAIP-10 account reference elsewhere. Anything else (a tampered cookie) is dropped.
 */
export function storedAddress(ns: ChainNamespace, value: unknown): string | undefined {
  if (ns === 'eip155') return evmAddress(value)
  return typeof value === 'string' && /^[-.%a-zA-Z0-9]{1,128}$/.test(value) ? value : undefined
}

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
