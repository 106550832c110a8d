import { atom, type ReadableAtom } from 'nanostores'
import type { AccountFeature } from '../account/index.js'
import type { AdapterAccount, ChainAdapter } from '../adapters/index.js'
import { toWalletError } from '../adapters/index.js'
import type { CaipAddress, CaipNetworkId, ChainNamespace } from '../caip/index.js'
import type { Connector, ConnectorsFeature, RecentWalletsFeature } from '../connectors/index.js'
import { RECONNECT_DISCOVERY_TIMEOUT_MS } from '../constants/index.js'
import { isPorticoError, PorticoError, userMessages } from '../errors/index.js'
import type { Logger } from '../logger/index.js'
import type { NetworkFeature } from '../network/index.js'
import { networkNamespace, type PorticoNetwork } from '../options/index.js'
import type { PorticoStorage } from '../storage/index.js'
import type { ToastFeature } from '../toast/index.js'

export type ConnectionEvent = {
  type: 'connected' | 'reconnected' | 'accountChanged' | 'chainChanged' | 'disconnected'
  namespace: ChainNamespace
}

export type ConnectParameters = { connectorId: string; namespace?: ChainNamespace }
export type ConnectReturnType = {
  address: string
  caipAddress: CaipAddress
  chainId: CaipNetworkId
  connector: Connector
}

export type ConnectionFeature = {
  /** The connector being connected, while its request is open. */
  $connectingId: ReadableAtom<string | undefined>
  /** The last connection error, cleared by the next attempt. */
  $error: ReadableAtom<PorticoError | undefined>
  /** The network a switch is waiting on, while the wallet is asked. */
  $switchingTo: ReadableAtom<PorticoNetwork | undefined>
  /** Connector id per connected namespace. */
  $connectorIds: ReadableAtom<Readonly<Partial<Record<ChainNamespace, string>>>>
  connect(parameters: ConnectParameters): Promise<ConnectReturnType>
  /** Restores stored connections without prompting; safe to call more than once. */
  reconnect(): Promise<void>
  disconnect(parameters?: { namespace?: ChainNamespace }): Promise<void>
  /** Same connector: only the address changes. Another connector: it is connected. */
  switchAccount(parameters: {
    connectorId: string
    address: string
    namespace: ChainNamespace
  }): Promise<void>
  switchNetwork(network: PorticoNetwork): Promise<void>
  getAdapter(namespace: ChainNamespace): Promise<ChainAdapter>
  /** The connector and adapter of a connected namespace. */
  getActive(namespace: ChainNamespace): { connector: Connector; adapter: ChainAdapter } | undefined
  onEvent(listener: (event: ConnectionEvent) => void): () => void
  clearError(): void
}

export type CreateConnectionParameters = {
  account: AccountFeature
  connectors: ConnectorsFeature
  recentWallets: RecentWalletsFeature
  network: NetworkFeature
  storage: PorticoStorage
  toast: ToastFeature
  logger: Logger
  loadAdapter(namespace: ChainNamespace): Promise<ChainAdapter>
}

type Active = { connector: Connector; adapter: ChainAdapter; unsubscribe(): void }

export function createConnection({
  account,
  connectors,
  recentWallets,
  network,
  storage,
  toast,
  logger,
  loadAdapter,
}: CreateConnectionParameters): ConnectionFeature {
  const $connectingId = atom<string | undefined>(undefined)
  const $error = atom<PorticoError | undefined>(undefined)
  const $connectorIds = atom<Partial<Record<ChainNamespace, string>>>({})
  const $switchingTo = atom<PorticoNetwork | undefined>(undefined)
  const actives = new Map<ChainNamespace, Active>()
  const pending = new Map<string, Promise<ConnectReturnType>>()
  const listeners = new Set<(event: ConnectionEvent) => void>()
  const adapters = new Map<ChainNamespace, Promise<ChainAdapter>>()
  let reconnecting: Promise<void> | undefined

  function emit(event: ConnectionEvent) {
    for (const listener of listeners) listener(event)
  }

  function getAdapter(namespace: ChainNamespace): Promise<ChainAdapter> {
    let adapter = adapters.get(namespace)
    if (!adapter) {
      adapter = loadAdapter(namespace).catch((cause) => {
        adapters.delete(namespace)
        throw new PorticoError('CHAIN_ADAPTER_NOT_FOUND', { cause, details: { namespace } })
      })
      adapters.set(namespace, adapter)
    }
    return adapter
  }

  function explorerUrl(chainId: CaipNetworkId, address: string) {
    const explorer = network.find(chainId)?.blockExplorers?.[0]
    return explorer ? `${explorer.url.replace(/\/+$/, '')}/address/${address}` : undefined
  }

  /** The account fields that follow from an address on a chain; what was read before is dropped. */
  function addressPatch(chainId: CaipNetworkId, address: string) {
    return {
      address,
      caipAddress: `${chainId}:${address}` as CaipAddress,
      addressExplorerUrl: explorerUrl(chainId, address),
      profileName: undefined,
      profileImage: undefined,
      balance: undefined,
      balanceSymbol: undefined,
      tokenBalance: undefined,
    }
  }

  function setAddress(namespace: ChainNamespace, chainId: CaipNetworkId, address: string) {
    account.update(namespace, addressPatch(chainId, address))
  }

  function setConnectorIds(namespace: ChainNamespace, id: string | undefined) {
    const next = { ...$connectorIds.get() }
    if (id === undefined) delete next[namespace]
    else next[namespace] = id
    $connectorIds.set(next)
  }

  /** Forgets a namespace's connection: state and storage, leaving other namespaces alone. */
  function clear(namespace: ChainNamespace) {
    actives.get(namespace)?.unsubscribe()
    actives.delete(namespace)
    setConnectorIds(namespace, undefined)
    account.reset(namespace)
    network.setWalletChain(namespace, undefined)
    storage.connectedConnectorId.remove(namespace)
    storage.connections.remove(namespace)
    const left = (storage.connectedNamespaces.get() ?? []).filter((ns) => ns !== namespace)
    if (left.length > 0) storage.connectedNamespaces.set(left)
    else {
      storage.connectedNamespaces.remove()
      storage.connectionStatus.set('disconnected')
    }
  }

  function chainIdOf(namespace: ChainNamespace, chainReference: string): CaipNetworkId {
    return `${namespace}:${chainReference}`
  }

  function subscribe(namespace: ChainNamespace, connector: Connector, adapter: ChainAdapter) {
    return adapter.subscribe(connector, {
      accountsChanged(addresses) {
        const address = addresses[0]
        if (!address) {
          logger.info(`${connector.name} no longer shares an account; disconnecting`)
          clear(namespace)
          emit({ type: 'disconnected', namespace })
          return
        }
        const chainId = network.$walletChains.get()[namespace]
        if (!chainId || account.get(namespace).address === address) return
        setAddress(namespace, chainId, address)
        emit({ type: 'accountChanged', namespace })
      },
      chainChanged(chainReference) {
        const chainId = chainIdOf(namespace, chainReference)
        network.setWalletChain(namespace, chainId)
        const address = account.get(namespace).address
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
    const chainId = chainIdOf(namespace, result.chainReference)
    const previous = actives.get(namespace)
    if (previous) previous.unsubscribe()
    actives.set(namespace, {
      connector,
      adapter,
      unsubscribe: subscribe(namespace, connector, adapter),
    })
    setConnectorIds(namespace, connector.id)

    network.setWalletChain(namespace, chainId)
    const patch = addressPatch(chainId, address)
    // One update, so nobody sees an address without the connected status or the reverse.
    account.update(namespace, {
      ...patch,
      status: 'connected',
      allAccounts: result.addresses.map((a) => ({ address: a, type: 'eoa', namespace })),
      connectedWalletInfo: {
        id: connector.id,
        name: connector.name,
        icon: connector.imageUrl,
        type: connector.type,
      },
    })
    account.setActiveNamespace(namespace)

    storage.connectedConnectorId.set(namespace, connector.id)
    storage.activeNamespace.set(namespace)
    storage.connectionStatus.set('connected')
    const namespaces = storage.connectedNamespaces.get() ?? []
    if (!namespaces.includes(namespace)) storage.connectedNamespaces.set([...namespaces, namespace])
    storage.connections.set(namespace, [
      { connectorId: connector.id, accounts: result.addresses.map((a) => ({ address: a })) },
    ])
    // WalletConnect remembers the listed wallet the user picked, not "WalletConnect".
    if (remember && connector.type !== 'AUTH' && connector.type !== 'WALLET_CONNECT') {
      recentWallets.add({
        id: connector.id,
        name: connector.name,
        imageUrl: connector.imageUrl,
        rdns: connector.rdns,
      })
    }
    return { address, caipAddress: patch.caipAddress, chainId, connector }
  }

  function connect({ connectorId, namespace }: ConnectParameters): Promise<ConnectReturnType> {
    const inFlight = pending.get(connectorId)
    if (inFlight) return inFlight
    const promise = (async () => {
      const connector = connectors.get(connectorId)
      if (!connector) {
        throw new PorticoError('WALLET_ERROR', `No wallet with id ${connectorId} is available`)
      }
      const ns = namespace ?? connector.chain
      const before = account.get(ns).status
      $error.set(undefined)
      $connectingId.set(connectorId)
      if (before !== 'connected') account.update(ns, { status: 'connecting' })
      try {
        const adapter = await getAdapter(ns)
        const result = await adapter.connect(connector)
        const connected = finalise(ns, connector, adapter, result, true)
        emit({ type: 'connected', namespace: ns })
        return connected
      } catch (cause) {
        const error = isPorticoError(cause) ? cause : toWalletError(cause, 'connection request')
        // A pairing the app cancelled is not the user's problem to see.
        if (error.code !== 'ABORTED') $error.set(error)
        if (before !== 'connected') account.update(ns, { status: 'disconnected' })
        throw error
      } finally {
        $connectingId.set(undefined)
        pending.delete(connectorId)
      }
    })()
    pending.set(connectorId, promise)
    return promise
  }

  async function reconnectNamespace(namespace: ChainNamespace) {
    const connectorId = storage.connectedConnectorId.get(namespace)
    if (!connectorId) return
    account.update(namespace, { status: 'reconnecting' })
    try {
      connectors.startDiscovery()
      const connector = await connectors.waitFor(connectorId, RECONNECT_DISCOVERY_TIMEOUT_MS)
      if (!connector) {
        // The wallet is not in this page (disabled, or slow): stay disconnected, keep the
        // stored choice for the next visit.
        logger.info(`stored wallet ${connectorId} is not available; not reconnecting`)
        account.update(namespace, { status: 'disconnected' })
        return
      }
      const adapter = await getAdapter(namespace)
      const result = await adapter.reconnect(connector)
      if (!result) {
        clear(namespace)
        emit({ type: 'disconnected', namespace })
        return
      }
      finalise(namespace, connector, adapter, result, false)
      emit({ type: 'reconnected', namespace })
    } catch (error) {
      logger.error(`reconnecting ${namespace} failed`, error)
      clear(namespace)
    }
  }

  async function disconnect({ namespace }: { namespace?: ChainNamespace } = {}) {
    const namespaces = namespace ? [namespace] : [...actives.keys()]
    let failure: unknown
    for (const ns of namespaces) {
      const active = actives.get(ns)
      try {
        if (active) {
          await (active.connector.disconnect?.() ?? active.adapter.disconnect(active.connector))
        }
      } catch (error) {
        failure = error
      }
      clear(ns)
      emit({ type: 'disconnected', namespace: ns })
    }
    if (failure) throw new PorticoError('INTERNAL_SDK_ERROR', { cause: failure })
  }

  return {
    $connectingId,
    $error,
    $switchingTo,
    $connectorIds,
    connect,
    reconnect() {
      reconnecting ??= (async () => {
        const stored = storage.connectedNamespaces.get() ?? []
        await Promise.all(stored.map(reconnectNamespace))
      })()
      return reconnecting
    },
    disconnect,
    async switchAccount({ connectorId, address, namespace }) {
      const active = actives.get(namespace)
      if (active?.connector.id === connectorId) {
        const chainId = network.$walletChains.get()[namespace]
        if (!chainId) throw new PorticoError('NO_ACTIVE_CAIP_ADDRESS')
        setAddress(namespace, chainId, address)
        emit({ type: 'accountChanged', namespace })
        return
      }
      await connect({ connectorId, namespace })
    },
    async switchNetwork(target) {
      const namespace = networkNamespace(target)
      const active = actives.get(namespace)
      if (!active) {
        network.setActiveNetwork(target)
        return
      }
      $switchingTo.set(target)
      try {
        await active.adapter.switchNetwork(active.connector, target)
      } catch (error) {
        if (isPorticoError(error, 'UNSUPPORTED_CHAIN')) {
          toast.showError(userMessages.CHAIN_NOT_SUPPORTED)
        }
        throw error
      } finally {
        $switchingTo.set(undefined)
      }
      const address = account.get(namespace).address
      if (network.$walletChains.get()[namespace] !== target.id) {
        network.setWalletChain(namespace, target.id)
        if (address) setAddress(namespace, target.id, address)
        emit({ type: 'chainChanged', namespace })
      }
    },
    getAdapter,
    getActive(namespace) {
      const active = actives.get(namespace)
      return active ? { connector: active.connector, adapter: active.adapter } : undefined
    },
    onEvent(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    clearError() {
      $error.set(undefined)
    },
  }
}
