import type { ChainAdapter } from '../adapters/index.js'
import type { CaipNetworkId, ChainNamespace } from '../caip/index.js'
import type { Connector, ConnectorsInternal } from '../connectors/index.js'
import type { PorticoError } from '../errors/index.js'
import type { NetworkInternal } from '../network/feature.js'
import type { AccountType, PorticoNetwork } from '../options/index.js'
import type { ToastFeature } from '../toast/index.js'
import type { Attempt, createAttempts } from './attempts.js'
import type { ConnectionStorage } from './storage.js'
import type { ConnectionEvent, ConnectionState, ConnectReturnType } from './types.js'

/** A live connection; its controller aborts when it ends, so a request waiting on it stops. */
export type Active = {
  connector: Connector
  adapter: ChainAdapter
  unsubscribe(): void
  controller: AbortController
}

/** What the shell hands its heavy half (the stores and the storage stay in the shell). */
export type ConnectionShell = {
  network: NetworkInternal
  connectors: ConnectorsInternal
  showError: ToastFeature['showError']
  storage: ConnectionStorage
  actives: Map<ChainNamespace, Active>
  attempts: ReturnType<typeof createAttempts>
  /** Aborts when the client is destroyed: every wait on a wallet stops, its timer with it. */
  lifetime: AbortSignal
  defaultAccountTypes: Partial<Record<ChainNamespace, AccountType>>
  get(namespace: ChainNamespace): ConnectionState
  update(namespace: ChainNamespace, patch: Partial<ConnectionState>): void
  emit(event: ConnectionEvent): void
  setAddress(namespace: ChainNamespace, chainId: CaipNetworkId, address: string): void
  clear(namespace: ChainNamespace): void
  markDisconnected(namespace: ChainNamespace): void
  endActive(namespace: ChainNamespace, reason: PorticoError): void
  getAdapter(namespace: ChainNamespace): Promise<ChainAdapter>
  setSwitchingTo(target: PorticoNetwork | undefined): void
}

/** What the heavy half does for the shell, each run for one attempt of one namespace. */
export type ConnectionHalf = {
  /** A connect attempt once its adapter is there: the wallet asked, its answer written. */
  connect(
    attempt: Attempt,
    connector: Connector,
    adapter: ChainAdapter,
    accountType: AccountType | undefined,
  ): Promise<ConnectReturnType>
  /** The silent restore of a namespace; `found` is the wait for its wallet's connector. */
  reconnect(
    attempt: Attempt,
    connectorId: string,
    found: Promise<Connector | undefined>,
  ): Promise<void>
  /** Asks the connected wallet to switch; `signal` aborts when another switch replaced it. */
  switchNetwork(active: Active, target: PorticoNetwork, signal: AbortSignal): Promise<void>
}
