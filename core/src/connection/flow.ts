import type { AdapterAccount, ChainAdapter } from '../adapters/index.js'
import type { CaipAddress, CaipNetworkId, ChainNamespace } from '../caip/index.js'
import type { Connector, ConnectorsInternal } from '../connectors/index.js'
import {
  abortedError,
  isPorticoError,
  networkNamespace,
  networkReference,
  PorticoError,
  type WalletRequestKind,
  walletRequestTimeout,
  walletTimeoutError,
  withDeadline,
} from '../kit.js'
import type { Logger } from '../logger/index.js'
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

/** What the flow shares with the connection's shell (the stores and storage stay there). */
export type ConnectionFlowDeps = {
  network: NetworkInternal
  connectors: ConnectorsInternal
  logger: Logger
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

/**
 * The half of the connection that talks to wallets, fetched with the chain adapter on the first
 * connect (in parallel, so no extra wait) or when a stored connection is restored: the request
 * and its deadline, following the wallet's accounts and chain, what a connection writes (state,
 * storage, recent wallets), the silent restore and the wallet's network switch. Only the latest
 * attempt of a namespace writes anything; the shell owns the attempts and the stores.
 */
export function createConnectionFlow(deps: ConnectionFlowDeps) {
  const {
    network,
    connectors,
    logger,
    storage,
    actives,
    attempts,
    lifetime,
    get,
    update,
    emit,
    setAddress,
    clear,
    endActive,
  } = deps
  /**
   * Connection requests open in a wallet, per namespace and connector. A second attempt for the
   * same wallet joins the open prompt instead of opening another; the entry goes when the wallet
   * answers or the request times out, so a retry after that asks again.
   */
  const walletRequests = new Map<string, Promise<AdapterAccount>>()

  const chainIdOf = (namespace: ChainNamespace, reference: string): CaipNetworkId =>
    `${namespace}:${reference}`

  const accountTypeOf = (namespace: ChainNamespace, requested?: AccountType) =>
    requested ?? deps.defaultAccountTypes[namespace]

  /** A wallet may answer in the same tick a later attempt starts: check before writing. */
  function assertCurrent(attempt: Attempt) {
    if (!attempt.isCurrent()) throw attempt.signal.reason ?? abortedError('replaced')
  }

  /**
   * The chain of a wallet without one current chain (Solana, Bitcoin): the app's selected
   * network of the namespace when the account may use it, else the first network the app lists
   * that it may use, else what the wallet named first.
   */
  function pickReference(
    namespace: ChainNamespace,
    fallback: string,
    chains: readonly string[] | undefined,
  ): string {
    if (!chains || chains.length === 0) return fallback
    const selected = network.$activeNetworks.get()[namespace]
    if (selected && chains.includes(networkReference(selected))) {
      return networkReference(selected)
    }
    const listed = network.networks.find(
      (n) => networkNamespace(n) === namespace && chains.includes(networkReference(n)),
    )
    return listed ? networkReference(listed) : fallback
  }

  function subscribe(namespace: ChainNamespace, connector: Connector, adapter: ChainAdapter) {
    return adapter.connection.subscribe(connector, {
      accountsChanged(addresses, chains) {
        const address = addresses[0]
        if (!address) {
          logger.info(`${connector.name} no longer shares an account; disconnecting`)
          clear(namespace)
          emit({ type: 'disconnected', namespace })
          return
        }
        const current = network.$walletChains.get()[namespace]
        if (!current) return
        const previous = get(namespace).address
        let chainId = current
        // A wallet without one current chain may stop offering the one in use: move to one it
        // still offers.
        if (chains && chains.length > 0 && !chains.includes(networkReference({ id: current }))) {
          chainId = chainIdOf(namespace, pickReference(namespace, chains[0] as string, chains))
          network.setWalletChain(namespace, chainId)
        }
        if (previous === address && chainId === current) return
        setAddress(namespace, chainId, address)
        if (chainId !== current) emit({ type: 'chainChanged', namespace })
        if (previous !== address) emit({ type: 'accountChanged', namespace })
      },
      chainChanged(reference) {
        const chainId = chainIdOf(namespace, reference)
        network.setWalletChain(namespace, chainId)
        const address = get(namespace).address
        if (address) setAddress(namespace, chainId, address)
        emit({ type: 'chainChanged', namespace })
      },
      disconnect() {
        clear(namespace)
        emit({ type: 'disconnected', namespace })
      },
    })
  }

  function finalise(
    namespace: ChainNamespace,
    connector: Connector,
    adapter: ChainAdapter,
    result: AdapterAccount,
    remember: boolean,
  ): ConnectReturnType {
    const address = result.addresses[0]
    if (!address) throw new PorticoError('WALLET_ERROR', 'The wallet shared no account')
    const chainId = chainIdOf(
      namespace,
      pickReference(namespace, result.chainReference, result.chains),
    )
    endActive(namespace, abortedError('replaced'))
    actives.set(namespace, {
      connector,
      adapter,
      unsubscribe: subscribe(namespace, connector, adapter),
      controller: new AbortController(),
    })
    network.setWalletChain(namespace, chainId)
    const caipAddress = `${chainId}:${address}` as CaipAddress
    // One update, so nobody sees an address without the connected status or the reverse.
    update(namespace, {
      status: 'connected',
      address,
      chainId,
      caipAddress,
      connectorId: connector.id,
      allAccounts: result.addresses.map((a, i) => ({
        address: a,
        type: result.types?.[i] ?? 'eoa',
        namespace,
      })),
      walletInfo: {
        id: connector.id,
        name: connector.name,
        icon: connector.imageUrl,
        type: connector.type,
      },
    })
    // A connection the user made becomes the active one. One restored after a reload does only
    // when the stored active namespace is not connected: a page reloads as it was left.
    const active = network.$activeNamespace.get()
    if (remember || active === namespace || get(active).status === 'disconnected') {
      network.setActiveNamespace(namespace)
    }
    storage.connectedConnectorId.set(namespace, connector.id)
    storage.connectionStatus.set('connected')
    const namespaces = storage.connectedNamespaces.get() ?? []
    if (!namespaces.includes(namespace)) {
      storage.connectedNamespaces.set([...namespaces, namespace])
    }
    storage.connections.set(namespace, [
      { connectorId: connector.id, accounts: result.addresses.map((a) => ({ address: a })) },
    ])
    // WalletConnect remembers the listed wallet the user picked, not "WalletConnect".
    if (remember && connector.type !== 'AUTH' && connector.type !== 'WALLET_CONNECT') {
      connectors.addRecentWallet({
        id: connector.id,
        name: connector.name,
        imageUrl: connector.imageUrl,
        rdns: connector.rdns,
      })
    }
    return { address, caipAddress, chainId, connector }
  }

  /** Waits for `promise` while the attempt is the latest, and no longer than the deadline. */
  function within<T>(
    promise: Promise<T>,
    signal: AbortSignal,
    request?: { connector: Connector; kind: WalletRequestKind },
  ): Promise<T> {
    if (!request) return withDeadline(promise, { signal })
    const timeoutMs = walletRequestTimeout(request.connector, request.kind)
    return withDeadline(promise, {
      signal,
      timeoutMs,
      onTimeout: () => walletTimeoutError(request.kind, timeoutMs ?? 0),
    })
  }

  /** Asks the wallet for access, or joins the request already open in it. */
  function requestAccess(
    namespace: ChainNamespace,
    connector: Connector,
    adapter: ChainAdapter,
    accountType: AccountType | undefined,
  ) {
    const ask = () => adapter.connection.connect(connector, { accountType })
    const timeoutMs = walletRequestTimeout(connector, 'connect')
    // A wallet without our deadline (WalletConnect) manages its own pairing: each attempt asks.
    if (timeoutMs === undefined) return ask()
    const key = `${namespace}\n${connector.id}\n${accountType}`
    let request = walletRequests.get(key)
    if (!request) {
      const asked: Promise<AdapterAccount> = withDeadline(ask(), {
        timeoutMs,
        onTimeout: () => walletTimeoutError('connect', timeoutMs),
        signal: lifetime,
      })
      const forget = () => {
        if (walletRequests.get(key) === asked) walletRequests.delete(key)
      }
      asked.then(forget, forget)
      walletRequests.set(key, asked)
      request = asked
    }
    return request
  }

  /** A connect attempt once its adapter is there: the wallet asked, its answer written. */
  async function connect(
    attempt: Attempt,
    connector: Connector,
    adapter: ChainAdapter,
    accountType: AccountType | undefined,
  ): Promise<ConnectReturnType> {
    const ns = attempt.namespace
    const result = await within(
      requestAccess(ns, connector, adapter, accountTypeOf(ns, accountType)),
      attempt.signal,
    )
    assertCurrent(attempt)
    return finalise(ns, connector, adapter, result, true)
  }

  /**
   * The silent restore of a namespace, once its attempt has begun and discovery was started (the
   * shell starts waiting for the wallet's connector while this code loads).
   */
  async function reconnect(
    attempt: Attempt,
    connectorId: string,
    found: Promise<Connector | undefined>,
  ) {
    const namespace = attempt.namespace
    try {
      const connector = await within(found, attempt.signal)
      assertCurrent(attempt)
      if (!connector) {
        // The wallet is not in this page (disabled, or slow): stay disconnected, keep the
        // stored choice for the next visit.
        logger.info(`stored wallet ${connectorId} is not available; not reconnecting`)
        deps.markDisconnected(namespace)
        return
      }
      const adapter = await within(deps.getAdapter(namespace), attempt.signal)
      const result = await within(
        adapter.connection.reconnect(connector, { accountType: accountTypeOf(namespace) }),
        attempt.signal,
        { connector, kind: 'reconnect' },
      )
      assertCurrent(attempt)
      if (!result) {
        clear(namespace)
        emit({ type: 'disconnected', namespace })
        return
      }
      finalise(namespace, connector, adapter, result, false)
      attempts.end(attempt)
      emit({ type: 'reconnected', namespace })
    } catch (error) {
      // Superseded by a connect, or cancelled by disconnect: what it learnt is stale.
      if (!attempt.isCurrent()) return
      if (isPorticoError(error, 'WALLET_TIMEOUT')) {
        // The wallet is stuck, not refusing: keep the stored choice for the next visit.
        logger.warn(`${connectorId} did not answer the reconnection; not reconnecting`, error)
        deps.markDisconnected(namespace)
        return
      }
      logger.error(`reconnecting ${namespace} failed`, error)
      clear(namespace)
    } finally {
      attempts.end(attempt)
    }
  }

  /**
   * Asks the connected wallet of the target's namespace to switch. `signal` aborts when a switch
   * to another network replaced this one. Runs up to the wallet request in the caller's turn.
   */
  async function switchNetwork(active: Active, target: PorticoNetwork, signal: AbortSignal) {
    const namespace = networkNamespace(target)
    const capability = active.adapter.networks
    if (!capability) {
      throw new PorticoError('INVALID_INPUT', `${namespace} wallets cannot switch networks`)
    }
    // The switch also ends with the connection: answered after a disconnect, after another
    // wallet took the namespace, or after the user picked another network, it writes nothing.
    const stop = new AbortController()
    const follow = (from: AbortSignal) => {
      const onAbort = () => stop.abort(from.reason)
      if (from.aborted) onAbort()
      else from.addEventListener('abort', onAbort, { once: true })
      return () => from.removeEventListener('abort', onAbort)
    }
    const unfollow = [follow(signal), follow(active.controller.signal)]
    deps.setSwitchingTo(target)
    try {
      await within(capability.switchNetwork(active.connector, target), stop.signal, {
        connector: active.connector,
        kind: 'switchNetwork',
      })
    } catch (error) {
      if (isPorticoError(error, 'UNSUPPORTED_CHAIN')) {
        deps.showError({ key: 'network.chainNotSupported' })
      }
      throw error
    } finally {
      for (const undo of unfollow) undo()
      // A replaced switch leaves the marker to the one that replaced it.
      if (!signal.aborted) deps.setSwitchingTo(undefined)
    }
    if (stop.signal.aborted) throw stop.signal.reason
    const address = get(namespace).address
    if (network.$walletChains.get()[namespace] !== target.id) {
      network.setWalletChain(namespace, target.id)
      if (address) setAddress(namespace, target.id, address)
      emit({ type: 'chainChanged', namespace })
    }
    network.setActiveNamespace(namespace)
  }

  return { connect, reconnect, switchNetwork }
}

export type ConnectionFlow = ReturnType<typeof createConnectionFlow>
