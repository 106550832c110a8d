import type { ReadableAtom } from 'nanostores'
import type { AdapterLoaders, ChainAdapter } from '../adapters/index.js'
import type { CaipAddress, CaipNetworkId, ChainNamespace } from '../caip/index.js'
import type { Connector } from '../connectors/index.js'
import type { PorticoError } from '../errors/index.js'
import type { AsyncState } from '../kernel/async.js'
import type { AccountType, PorticoNetwork } from '../options/index.js'

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
/**
 * Why `connect` rejects. The client was destroyed (CONNECTION_CLIENT_NOT_SET); no wallet has
 * that connector id, the wallet failed or shared no account (WALLET_ERROR); the user refused
 * (USER_REJECTED); a browser wallet did not answer in 120 s (WALLET_TIMEOUT); WalletConnect's
 * relay could not be reached (RELAY_UNAVAILABLE); a later connect, a disconnect or destroy
 * cancelled it (ABORTED); the namespace's chain adapter could not be loaded
 * (CHAIN_ADAPTER_NOT_FOUND); the wallet is on a chain the adapter cannot use (UNSUPPORTED_CHAIN);
 * the code that asks the wallet could not be fetched (MODULE_LOAD_FAILED). The embedded (email)
 * wallet's connector adds: not signed in (ADDRESS_OR_AUTH_CONNECTOR_NOT_FOUND), its secure frame
 * could not be loaded (EMAIL_DEPENDENCY_LOAD_FAILED) or did not answer (TIMEOUT), a secure site
 * that is not a web address (INVALID_OPTIONS). Anything else a wallet throws is WALLET_ERROR.
 */
export type ConnectErrorType = PorticoError<
  | 'CONNECTION_CLIENT_NOT_SET'
  | 'WALLET_ERROR'
  | 'USER_REJECTED'
  | 'WALLET_TIMEOUT'
  | 'RELAY_UNAVAILABLE'
  | 'ABORTED'
  | 'CHAIN_ADAPTER_NOT_FOUND'
  | 'UNSUPPORTED_CHAIN'
  | 'MODULE_LOAD_FAILED'
  | 'ADDRESS_OR_AUTH_CONNECTOR_NOT_FOUND'
  | 'EMAIL_DEPENDENCY_LOAD_FAILED'
  | 'TIMEOUT'
  | 'INVALID_OPTIONS'
>
/** What `disconnect` takes: a namespace, or none for every one. */
export type DisconnectParameters = { namespace?: ChainNamespace }
/**
 * Why `disconnect` rejects: the client was destroyed (CONNECTION_CLIENT_NOT_SET), a wallet failed
 * to disconnect ('Failed to disconnect', INTERNAL_SDK_ERROR; the connection is cleared anyway),
 * or something unexpected (UNKNOWN_ERROR, the async action's wrapper). It loads no code.
 */
export type DisconnectErrorType = PorticoError<
  'CONNECTION_CLIENT_NOT_SET' | 'INTERNAL_SDK_ERROR' | 'UNKNOWN_ERROR'
>
/** What `switchAccount` needs: the connector, the address and its namespace. */
export type SwitchAccountParameters = {
  connectorId: string
  address: string
  namespace: ChainNamespace
}

/**
 * Why `switchAccount` rejects: the same connector with no wallet chain known
 * (NO_ACTIVE_CAIP_ADDRESS), or, for another connector, what `connect` rejects with.
 */
export type SwitchAccountErrorType = PorticoError<
  ConnectErrorType['code'] | 'NO_ACTIVE_CAIP_ADDRESS'
>
/**
 * Why `switchNetwork` rejects. The client was destroyed (NETWORK_CLIENT_NOT_SET); the network is
 * not one of the app's (NETWORK_NOT_FOUND); the namespace's wallets cannot switch (INVALID_INPUT);
 * the wallet refused (USER_REJECTED), failed (WALLET_ERROR), did not answer in 120 s
 * (WALLET_TIMEOUT) or could not add the chain (UNSUPPORTED_CHAIN); a switch to another network, a
 * disconnect or destroy cancelled it (ABORTED); the wallet code could not be fetched
 * (MODULE_LOAD_FAILED); WalletConnect's relay could not be reached (RELAY_UNAVAILABLE); the
 * embedded wallet's frame is gone or did not answer (EMAIL_DEPENDENCY_LOAD_FAILED, TIMEOUT);
 * anything else (UNKNOWN_ERROR, the async action's wrapper).
 */
export type SwitchNetworkErrorType = PorticoError<
  | 'NETWORK_CLIENT_NOT_SET'
  | 'NETWORK_NOT_FOUND'
  | 'INVALID_INPUT'
  | 'USER_REJECTED'
  | 'WALLET_ERROR'
  | 'WALLET_TIMEOUT'
  | 'UNSUPPORTED_CHAIN'
  | 'ABORTED'
  | 'MODULE_LOAD_FAILED'
  | 'RELAY_UNAVAILABLE'
  | 'EMAIL_DEPENDENCY_LOAD_FAILED'
  | 'TIMEOUT'
  | 'UNKNOWN_ERROR'
>
/**
 * What `switchNamespace` throws (synchronously): the client was destroyed
 * (CONNECTION_CLIENT_NOT_SET), or the app lists no network of that namespace (UNSUPPORTED_CHAIN).
 */
export type SwitchNamespaceErrorType = PorticoError<
  'CONNECTION_CLIENT_NOT_SET' | 'UNSUPPORTED_CHAIN'
>

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

/** Connecting wallets, one per namespace (`client.connection`). */
export type ConnectionFeature = {
  /** The connection of every namespace. */
  $connections: ReadableAtom<Readonly<Partial<Record<ChainNamespace, ConnectionState>>>>
  /** The active namespace's connection, and each of its fields as its own store. */
  $connection: ReadableAtom<ConnectionState>
  $status: ReadableAtom<ConnectionStatus>
  $address: ReadableAtom<string | undefined>
  $caipAddress: ReadableAtom<CaipAddress | undefined>
  $walletInfo: ReadableAtom<ConnectedWalletInfo | undefined>
  /** The address on the active network's block explorer, when the network has one. */
  $explorerUrl: ReadableAtom<string | undefined>
  /** The connector of the newest connect attempt still in progress (any namespace). */
  $connectingId: ReadableAtom<string | undefined>
  /**
   * The error of the latest connect attempt, cleared by the next one. An attempt that was
   * replaced or cancelled never writes it.
   */
  $error: ReadableAtom<PorticoError | undefined>
  /** The network a switch is waiting on, while the wallet is asked. */
  $switchingTo: ReadableAtom<PorticoNetwork | undefined>
  /** The last network switch: pending while the wallet is asked, then success or the error. */
  $networkSwitch: ReadableAtom<AsyncState<void>>
  /** The last disconnect. */
  $disconnecting: ReadableAtom<AsyncState<void>>
  /**
   * Asks a wallet for access. Only the latest attempt of a namespace counts: a second call for
   * the same connector while one is pending joins it (one prompt); a call for another connector
   * replaces it (the first rejects with code ABORTED and its wallet's later answer changes
   * nothing; going back to it joins the prompt still open). A browser wallet that does not answer
   * within 120 s rejects with code WALLET_TIMEOUT, and the next call asks again.
   */
  connect(parameters: ConnectParameters): Promise<ConnectReturnType>
  /**
   * Restores stored connections without prompting; safe to call more than once. A wallet that
   * does not answer the silent check within 10 s leaves the namespace disconnected (the stored
   * choice is kept for the next visit); a connect the user started meanwhile wins.
   */
  reconnect(): Promise<void>
  /**
   * Disconnects one namespace, or every one, and cancels what is pending there: a connect,
   * reconnect or network switch rejects with code ABORTED and its wallet's later answer changes
   * nothing. Throws 'Failed to disconnect' if a wallet failed.
   */
  disconnect(parameters?: DisconnectParameters): Promise<void>
  /** Same connector: only the address changes. Another connector: it is connected. */
  switchAccount(parameters: SwitchAccountParameters): Promise<void>
  /**
   * Asks the wallet to switch (adding the chain if it does not know it). A second call for the
   * same network joins the one pending; a call for another network replaces it. Rejects with
   * code WALLET_TIMEOUT when a browser wallet does not answer within 120 s.
   */
  switchNetwork(network: PorticoNetwork): Promise<void>
  /**
   * Makes a namespace of the app's networks the active one: its account, network and balances are
   * what the app shows. With the modal open, it shows Account when the namespace is connected and
   * Connect (its wallets) when not. Throws 'Unsupported chain' for a namespace the app lists no
   * network of.
   */
  switchNamespace(namespace: ChainNamespace): void
  clearError(): void
}

export type ActiveConnection = { connector: Connector; adapter: ChainAdapter }

export type ConnectionInternal = ConnectionFeature & {
  /** The connector and adapter of a connected namespace. */
  getActive(namespace: ChainNamespace): ActiveConnection | undefined
  getAdapter(namespace: ChainNamespace): Promise<ChainAdapter>
  /** The wallet's own name and icon, once a protocol (WalletConnect) tells them. */
  setWalletInfo(namespace: ChainNamespace, info: ConnectedWalletInfo): void
  get(namespace: ChainNamespace): ConnectionState
}
