import type { AdapterLoaders } from '../adapters/index.js'
import type { CaipAddress, CaipNetworkId, ChainNamespace } from '../caip/index.js'
import type { Connector } from '../connectors/index.js'
import type { AccountType } from '../options/index.js'

export const CONNECTION_STATUSES = [
  'connected',
  'disconnected',
  'connecting',
  'reconnecting',
] as const
/** disconnected → connecting → connected; `reconnecting` while a stored connection is restored. */
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number]

/** The wallet behind a connection, as the UI shows it. */
export type ConnectedWalletInfo = {
  name: string
  icon?: string
  type?: string
  id?: string
}

/** The connection of one namespace. */
export type ConnectionState = {
  status: ConnectionStatus
  address?: string
  /** `namespace:chain:address`. */
  caipAddress?: CaipAddress
  /** The chain the wallet is on (listed by the app or not). */
  chainId?: CaipNetworkId
  connectorId?: string
  /** Every address the wallet shares, the active one first. */
  allAccounts: readonly { address: string; type: AccountType; namespace: ChainNamespace }[]
  walletInfo?: ConnectedWalletInfo
}

export const DISCONNECTED: ConnectionState = { status: 'disconnected', allAccounts: [] }

export type ConnectionEvent = {
  type: 'connected' | 'reconnected' | 'accountChanged' | 'chainChanged' | 'disconnected'
  namespace: ChainNamespace
}

/**
 * What `connect` needs: the connector's id, the namespace when a connector has several, and the
 * kind of account when not the namespace's default (a Bitcoin wallet's `ordinal` address).
 */
export type ConnectParameters = {
  connectorId: string
  namespace?: ChainNamespace
  accountType?: AccountType
}
/** What `connect` resolves with: the account the wallet shared and where. */
export type ConnectReturnType = {
  address: string
  caipAddress: CaipAddress
  chainId: CaipNetworkId
  connector: Connector
}
/** What `disconnect` takes: a namespace, or none for every one. */
export type DisconnectParameters = { namespace?: ChainNamespace }
/** What `switchAccount` needs: the connector, the address and its namespace. */
export type SwitchAccountParameters = {
  connectorId: string
  address: string
  namespace: ChainNamespace
}

/** The connection options of `createPortico`. */
export type ConnectionOptions = {
  /**
   * Server-side rendering: restore a stored connection only when `PorticoProvider` mounts (or the
   * app calls `client.connection.reconnect()`), so the first client render matches the server's.
   */
  ssr?: boolean
  /**
   * Chain adapters by namespace, loaded on first use. EVM (viem) is built in; Solana and Bitcoin
   * come from `@portico/core/solana` and `@portico/core/bitcoin` (`adapters: { solana:
   * solanaAdapter, bip122: bitcoinAdapter }`), so an app without them never installs their
   * libraries. Every namespace of `networks` needs one.
   */
  adapters?: AdapterLoaders
  /**
   * The kind of account each namespace connects (eip155 smartAccount, bip122 payment, polkadot
   * and solana eoa by default); a wallet that cannot give it gives what it has.
   */
  defaultAccountTypes?: Partial<Record<ChainNamespace, AccountType>>
}
