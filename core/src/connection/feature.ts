import { atom, computed, type ReadableAtom } from 'nanostores'
import type { AdapterAccount, AdapterLoaders, ChainAdapter } from '../adapters/index.js'
import { defaultAdapterLoaders, toWalletError } from '../adapters/index.js'
import { alertsFeature } from '../alerts/index.js'
import type { CaipAddress, CaipNetworkId, ChainNamespace } from '../caip/index.js'
import {
  type Connector,
  connectorsFeature,
  RECONNECT_DISCOVERY_TIMEOUT_MS,
} from '../connectors/index.js'
import { isPorticoError, PorticoError } from '../errors/index.js'
import { type AsyncState, createAsyncAction } from '../kernel/async.js'
import { defineFeature } from '../kernel/feature.js'
import { modalFeature } from '../modal/feature.js'
import { networkFeature } from '../network/feature.js'
import { networkNamespace, type PorticoNetwork } from '../options/index.js'
import { toastFeature } from '../toast/feature.js'
import { connectionEvent } from './events.js'
import { CONNECTION_STORAGE_KEYS, createConnectionStorage } from './storage.js'
import {
  type ConnectedWalletInfo,
  type ConnectionEvent,
  type ConnectionOptions,
  type ConnectionState,
  type ConnectionStatus,
  type ConnectParameters,
  type ConnectReturnType,
  DISCONNECTED,
  type DisconnectParameters,
  type SwitchAccountParameters,
} from './types.js'

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
  /** The connector being connected, while its request is open. */
  $connectingId: ReadableAtom<string | undefined>
  /** The last connection error, cleared by the next attempt. */
  $error: ReadableAtom<PorticoError | undefined>
  /** The network a switch is waiting on, while the wallet is asked. */
  $switchingTo: ReadableAtom<PorticoNetwork | undefined>
  /** The last network switch: pending while the wallet is asked, then success or the error. */
  $networkSwitch: ReadableAtom<AsyncState<void>>
  /** The last disconnect. */
  $disconnecting: ReadableAtom<AsyncState<void>>
  /** Asks a wallet for access. One request per connector however often it is called. */
  connect(parameters: ConnectParameters): Promise<ConnectReturnType>
  /** Restores stored connections without prompting; safe to call more than once. */
  reconnect(): Promise<void>
  /** Disconnects one namespace, or every one. Throws 'Failed to disconnect' if a wallet failed. */
  disconnect(parameters?: DisconnectParameters): Promise<void>
  /** Same connector: only the address changes. Another connector: it is connected. */
  switchAccount(parameters: SwitchAccountParameters): Promise<void>
  /** Asks the wallet to switch (adding the chain if it does not know it). */
  switchNetwork(network: PorticoNetwork): Promise<void>
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

type Active = ActiveConnection & { unsubscribe(): void }

const CONNECTING_VIEWS = new Set([
  'Connect',
  'AllWallets',
  'ConnectingExternal',
  'ConnectingWalletConnect',
  'ConnectingFarcaster',
])

/**
 * Connecting wallets, one per namespace: connect, restore after a reload, follow the wallet's
 * account and chain, switch network, disconnect. Owns what the modal does around it: it opens on
 * Account while connected, closes after a connection made from a connecting view, and returns to
 * Connect when the last wallet goes.
 */
export const connectionFeature = defineFeature({
  name: 'connection',
  needs: [networkFeature, connectorsFeature, modalFeature, toastFeature, alertsFeature],
  storageKeys: CONNECTION_STORAGE_KEYS,
  options(input: ConnectionOptions) {
    return { ssr: input.ssr ?? false, adapters: { ...defaultAdapterLoaders, ...input.adapters } }
  },
  create(context, options): { public: ConnectionFeature; internal: ConnectionInternal } {
    const network = context.use(networkFeature)
    const connectors = context.use(connectorsFeature)
    const modal = context.use(modalFeature)
    const toast = context.use(toastFeature)
    const alerts = context.use(alertsFeature)
    // Actions called on a destroyed client say so instead of touching stopped listeners.
    let destroyed = false
    context.onDestroy(() => {
      destroyed = true
    })
    const assertAlive = () => {
      if (destroyed) throw new PorticoError('CONNECTION_CLIENT_NOT_SET')
    }
    const storage = createConnectionStorage(context.storage)
    const { logger, events } = context
    const loaders: AdapterLoaders = options.adapters

    const $connections = atom<Partial<Record<ChainNamespace, ConnectionState>>>({})
    const $connectingId = atom<string | undefined>(undefined)
    const $error = atom<PorticoError | undefined>(undefined)
    const $switchingTo = atom<PorticoNetwork | undefined>(undefined)
    const $connection = computed(
      [$connections, network.$activeNamespace],
      (connections, namespace) => connections[namespace] ?? DISCONNECTED,
    )
    const $address = computed($connection, (c) => c.address)
    const $explorerUrl = computed($connection, (c) => {
      const explorer = c.chainId ? network.find(c.chainId)?.blockExplorers?.[0] : undefined
      return explorer && c.address
        ? `${explorer.url.replace(/\/+$/, '')}/address/${c.address}`
        : undefined
    })
    const actives = new Map<ChainNamespace, Active>()
    const pending = new Map<string, Promise<ConnectReturnType>>()
    const adapters = new Map<ChainNamespace, Promise<ChainAdapter>>()
    let reconnecting: Promise<void> | undefined

    const get = (namespace: ChainNamespace) => $connections.get()[namespace] ?? DISCONNECTED
    function update(namespace: ChainNamespace, patch: Partial<ConnectionState>) {
      $connections.set({ ...$connections.get(), [namespace]: { ...get(namespace), ...patch } })
    }
    const emit = (event: ConnectionEvent) => events.emit(connectionEvent, event)

    function getAdapter(namespace: ChainNamespace): Promise<ChainAdapter> {
      let adapter = adapters.get(namespace)
      if (!adapter) {
        const load = loaders[namespace]
        adapter = (
          load
            ? load({ fetch: context.fetch })
            : Promise.reject(new Error(`no adapter for ${namespace}`))
        ).catch((cause) => {
          adapters.delete(namespace)
          throw new PorticoError('CHAIN_ADAPTER_NOT_FOUND', { cause, details: { namespace } })
        })
        adapters.set(namespace, adapter)
      }
      return adapter
    }

    function setAddress(namespace: ChainNamespace, chainId: CaipNetworkId, address: string) {
      update(namespace, { address, chainId, caipAddress: `${chainId}:${address}` as CaipAddress })
    }

    /** Forgets a namespace's connection: state and storage, leaving other namespaces alone. */
    function clear(namespace: ChainNamespace) {
      actives.get(namespace)?.unsubscribe()
      actives.delete(namespace)
      const next = { ...$connections.get() }
      delete next[namespace]
      $connections.set(next)
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

    const chainIdOf = (namespace: ChainNamespace, reference: string): CaipNetworkId =>
      `${namespace}:${reference}`

    function subscribe(namespace: ChainNamespace, connector: Connector, adapter: ChainAdapter) {
      return adapter.connection.subscribe(connector, {
        accountsChanged(addresses) {
          const address = addresses[0]
          if (!address) {
            logger.info(`${connector.name} no longer shares an account; disconnecting`)
            clear(namespace)
            emit({ type: 'disconnected', namespace })
            return
          }
          const chainId = network.$walletChains.get()[namespace]
          if (!chainId || get(namespace).address === address) return
          setAddress(namespace, chainId, address)
          emit({ type: 'accountChanged', namespace })
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
      const chainId = chainIdOf(namespace, result.chainReference)
      actives.get(namespace)?.unsubscribe()
      actives.set(namespace, {
        connector,
        adapter,
        unsubscribe: subscribe(namespace, connector, adapter),
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
        allAccounts: result.addresses.map((a) => ({ address: a, type: 'eoa', namespace })),
        walletInfo: {
          id: connector.id,
          name: connector.name,
          icon: connector.imageUrl,
          type: connector.type,
        },
      })
      network.setActiveNamespace(namespace)
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

    function connect({ connectorId, namespace }: ConnectParameters): Promise<ConnectReturnType> {
      if (destroyed) return Promise.reject(new PorticoError('CONNECTION_CLIENT_NOT_SET'))
      const inFlight = pending.get(connectorId)
      if (inFlight) return inFlight
      const promise = (async () => {
        const connector = connectors.get(connectorId)
        if (!connector) {
          throw new PorticoError('WALLET_ERROR', `No wallet with id ${connectorId} is available`)
        }
        const ns = namespace ?? connector.chain
        const before = get(ns).status
        $error.set(undefined)
        $connectingId.set(connectorId)
        if (before !== 'connected') update(ns, { status: 'connecting' })
        try {
          const adapter = await getAdapter(ns)
          const result = await adapter.connection.connect(connector)
          const connected = finalise(ns, connector, adapter, result, true)
          emit({ type: 'connected', namespace: ns })
          return connected
        } catch (cause) {
          const error = isPorticoError(cause) ? cause : toWalletError(cause, 'connection request')
          // A pairing the app cancelled is not the user's problem to see.
          if (error.code !== 'ABORTED') $error.set(error)
          if (before !== 'connected') update(ns, { status: 'disconnected' })
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
      update(namespace, { status: 'reconnecting' })
      try {
        connectors.startDiscovery()
        const connector = await connectors.waitFor(connectorId, RECONNECT_DISCOVERY_TIMEOUT_MS)
        if (!connector) {
          // The wallet is not in this page (disabled, or slow): stay disconnected, keep the
          // stored choice for the next visit.
          logger.info(`stored wallet ${connectorId} is not available; not reconnecting`)
          update(namespace, { status: 'disconnected' })
          return
        }
        const adapter = await getAdapter(namespace)
        const result = await adapter.connection.reconnect(connector)
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

    async function disconnect({ namespace }: DisconnectParameters = {}) {
      assertAlive()
      const namespaces = namespace ? [namespace] : [...actives.keys()]
      let failure: unknown
      for (const ns of namespaces) {
        const active = actives.get(ns)
        try {
          if (active) {
            await (active.connector.disconnect?.() ??
              active.adapter.connection.disconnect(active.connector))
          }
        } catch (error) {
          failure = error
        }
        clear(ns)
        emit({ type: 'disconnected', namespace: ns })
      }
      if (failure) throw new PorticoError('INTERNAL_SDK_ERROR', { cause: failure })
    }

    async function switchNetwork(target: PorticoNetwork) {
      if (destroyed) throw new PorticoError('NETWORK_CLIENT_NOT_SET')
      if (!network.find(target?.id)) {
        alerts.raise('SWITCH_NETWORK_NOT_FOUND', { id: target?.id })
        throw new PorticoError('NETWORK_NOT_FOUND', { details: { id: target?.id } })
      }
      const namespace = networkNamespace(target)
      const active = actives.get(namespace)
      if (!active) {
        network.setActiveNetwork(target)
        return
      }
      const capability = active.adapter.networks
      if (!capability) {
        throw new PorticoError('INVALID_INPUT', `${namespace} wallets cannot switch networks`)
      }
      $switchingTo.set(target)
      try {
        await capability.switchNetwork(active.connector, target)
      } catch (error) {
        if (isPorticoError(error, 'UNSUPPORTED_CHAIN')) {
          toast.showError({ key: 'network.chainNotSupported' })
        }
        throw error
      } finally {
        $switchingTo.set(undefined)
      }
      const address = get(namespace).address
      if (network.$walletChains.get()[namespace] !== target.id) {
        network.setWalletChain(namespace, target.id)
        if (address) setAddress(namespace, target.id, address)
        emit({ type: 'chainChanged', namespace })
      }
    }

    // The modal opens on Account while the active namespace is connected.
    modal.addDefaultView(() => ($connection.get().status === 'connected' ? 'Account' : undefined))
    context.onDestroy(
      events.on(connectionEvent, (event) => {
        if (!modal.$open.get()) return
        if (event.type === 'disconnected') {
          if ($connection.get().status !== 'connected') modal.reset('Connect')
        } else if (event.type === 'connected' && CONNECTING_VIEWS.has(modal.$view.get().view)) {
          modal.close()
        }
      }),
    )
    // Restore a stored connection straight away, unless the app renders on the server too: then
    // PorticoProvider does it after hydration so the first render matches the server's.
    context.onStart(() => {
      if (context.isBrowser && !options.ssr) void reconnect()
    })
    context.onDestroy(() => {
      for (const active of actives.values()) active.unsubscribe()
    })

    function reconnect() {
      reconnecting ??= (async () => {
        const stored = storage.connectedNamespaces.get() ?? []
        await Promise.all(stored.map(reconnectNamespace))
      })()
      return reconnecting
    }

    const disconnectAction = createAsyncAction(disconnect)
    const switchAction = createAsyncAction(switchNetwork)
    const feature: ConnectionFeature = {
      $connections,
      $connection,
      $status: computed($connection, (c) => c.status),
      $address,
      $caipAddress: computed($connection, (c) => c.caipAddress),
      $walletInfo: computed($connection, (c) => c.walletInfo),
      $explorerUrl,
      $connectingId,
      $error,
      $switchingTo,
      $networkSwitch: switchAction.$state,
      $disconnecting: disconnectAction.$state,
      connect,
      reconnect,
      disconnect: disconnectAction.run,
      async switchAccount({ connectorId, address, namespace }) {
        assertAlive()
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
      switchNetwork: switchAction.run,
      clearError: () => $error.set(undefined),
    }
    return {
      public: feature,
      internal: {
        ...feature,
        get,
        getAdapter,
        getActive(namespace) {
          const active = actives.get(namespace)
          return active ? { connector: active.connector, adapter: active.adapter } : undefined
        },
        setWalletInfo: (namespace, walletInfo) => update(namespace, { walletInfo }),
      },
    }
  },
})
