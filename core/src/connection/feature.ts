import { atom, computed, type ReadableAtom } from 'nanostores'
import type { AdapterLoaders, ChainAdapter } from '../adapters/index.js'
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
import { withDeadline } from '../kernel/deadline.js'
import { defineFeature } from '../kernel/feature.js'
import { lazyModule } from '../kernel/lazy.js'
import { modalFeature } from '../modal/feature.js'
import { networkFeature } from '../network/feature.js'
import {
  type AccountType,
  invalidOption,
  type NetworkInput,
  networkNamespace,
  type PorticoNetwork,
} from '../options/index.js'
import { isRecord } from '../storage/index.js'
import { toastFeature } from '../toast/feature.js'
import { type Attempt, createAttempts } from './attempts.js'
import { abortedError, DEFAULT_ACCOUNT_TYPES } from './constants.js'
import { connectionEvent } from './events.js'
import type { Active } from './flow.js'
import { CONNECTION_STORAGE_KEYS, createConnectionStorage, storedAddress } from './storage.js'
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

/**
 * The half that talks to wallets (asking one and its deadline, following its accounts and chain,
 * what a connection writes, the silent restore, the network switch): fetched with the chain
 * adapter on the first connect, in parallel so it adds no wait, or when a stored connection is
 * restored. The stores, the stored state of the first render and the actions' shells stay here.
 */
const flowCode = lazyModule('connection', () => import('./flow.js'))

const ACCOUNT_TYPES: readonly AccountType[] = ['eoa', 'smartAccount', 'payment', 'ordinal', 'stx']

/** Where an app finds the adapter of a namespace it lists networks of. */
const ADAPTER_HINTS: Partial<Record<ChainNamespace, string>> = {
  solana: "import { solanaAdapter } from '@portico/core/solana'",
  bip122: "import { bitcoinAdapter } from '@portico/core/bitcoin'",
}

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
  // The networks arrive checked and in Portico's form: the client resolves them before any
  // feature reads its options (a viem chain is `eip155:<id>` by then).
  options(input: ConnectionOptions & { networks?: readonly NetworkInput[] }) {
    const adapters: AdapterLoaders = { ...defaultAdapterLoaders, ...input.adapters }
    for (const network of input.networks as readonly PorticoNetwork[]) {
      const namespace = networkNamespace(network)
      if (typeof adapters[namespace] !== 'function') {
        invalidOption(
          `networks list ${network.id} but no ${namespace} adapter is set: add it to \`adapters\` (${ADAPTER_HINTS[namespace] ?? 'an adapter of your own'})`,
        )
      }
    }
    const defaultAccountTypes: Partial<Record<ChainNamespace, AccountType>> = {
      ...DEFAULT_ACCOUNT_TYPES,
      ...input.defaultAccountTypes,
    }
    for (const [namespace, type] of Object.entries(defaultAccountTypes)) {
      if (!ACCOUNT_TYPES.includes(type as AccountType)) {
        invalidOption(`defaultAccountTypes.${namespace} must be one of ${ACCOUNT_TYPES.join(', ')}`)
      }
    }
    return { ssr: input.ssr ?? false, adapters, defaultAccountTypes }
  },
  create(context, options): { public: ConnectionFeature; internal: ConnectionInternal } {
    const network = context.use(networkFeature)
    const connectors = context.use(connectorsFeature)
    const modal = context.use(modalFeature)
    const toast = context.use(toastFeature)
    const alerts = context.use(alertsFeature)
    // Actions called on a destroyed client say so instead of touching stopped listeners.
    let destroyed = false
    // Aborts on destroy: every wait on a wallet stops, and its timer with it.
    const lifetime = new AbortController()
    context.onDestroy(() => {
      destroyed = true
      lifetime.abort(abortedError('destroyed'))
      for (const namespace of attempts.namespaces()) {
        attempts.cancel(namespace, abortedError('destroyed'))
      }
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
    const adapters = new Map<ChainNamespace, Promise<ChainAdapter>>()
    let reconnecting: Promise<void> | undefined
    const attempts = createAttempts(() => abortedError('replaced'))
    /** The promise of each namespace's connect attempt, for a second call to join. */
    const connecting = new Map<
      Attempt,
      { connectorId: string; promise: Promise<ConnectReturnType> }
    >()
    /** Connect attempts in progress, oldest first: `$connectingId` names the newest. */
    const connectingOrder: { attempt: Attempt; connectorId: string }[] = []
    const get = (namespace: ChainNamespace) => $connections.get()[namespace] ?? DISCONNECTED
    function update(namespace: ChainNamespace, patch: Partial<ConnectionState>) {
      $connections.set({ ...$connections.get(), [namespace]: { ...get(namespace), ...patch } })
    }
    const emit = (event: ConnectionEvent) => events.emit(connectionEvent, event)
    /**
     * Disconnected in state, the stored choice kept for the next visit: nothing of a connection
     * restored from the request (its address) outlives a wallet that did not answer.
     */
    function markDisconnected(namespace: ChainNamespace) {
      $connections.set({ ...$connections.get(), [namespace]: DISCONNECTED })
    }

    // Rendered on the server too, from the request's cookies (`initialState`): start where the
    // server started, each stored connection 'reconnecting' with its address, so the server HTML
    // already shows the account and hydration finds no difference. PorticoProvider's mount then
    // asks the wallet: connected, or disconnected if it no longer answers. Never 'connected'
    // before the wallet answered.
    if (options.ssr && context.initialState) {
      const restored: Partial<Record<ChainNamespace, ConnectionState>> = {}
      for (const namespace of storage.connectedNamespaces.get() ?? []) {
        const state = storedConnection(namespace)
        if (state) restored[namespace] = state
      }
      $connections.set(restored)
    }

    function storedConnection(namespace: ChainNamespace): ConnectionState | undefined {
      const connectorId = storage.connectedConnectorId.get(namespace)
      const chainId = network.$activeNetworks.get()[namespace]?.id
      const [entry] = storage.connections.get(namespace) ?? []
      const accounts = isRecord(entry) && Array.isArray(entry.accounts) ? entry.accounts : []
      const addresses = accounts
        .map((account) =>
          isRecord(account) ? storedAddress(namespace, account.address) : undefined,
        )
        .filter((address): address is string => address !== undefined)
      const [address] = addresses
      if (!connectorId || !chainId || !address) return undefined
      return {
        status: 'reconnecting',
        address,
        chainId,
        caipAddress: `${chainId}:${address}` as CaipAddress,
        connectorId,
        allAccounts: addresses.map((a) => ({ address: a, type: 'eoa', namespace })),
      }
    }

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

    /**
     * Forgets a namespace's connection: state and storage, leaving other namespaces alone. When it
     * was the active one and another namespace is still connected, that one becomes active (the
     * app keeps showing an account), unless every namespace is being disconnected.
     */
    function clear(namespace: ChainNamespace, { reassign = true } = {}) {
      endActive(namespace, abortedError('disconnected'))
      const next = { ...$connections.get() }
      delete next[namespace]
      $connections.set(next)
      if (reassign && network.$activeNamespace.get() === namespace) {
        const other = (Object.keys(next) as ChainNamespace[]).find(
          (ns) => next[ns]?.status === 'connected',
        )
        if (other) network.setActiveNamespace(other)
      }
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

    /** Stops following the namespace's wallet; a request waiting on that connection stops. */
    function endActive(namespace: ChainNamespace, reason: PorticoError) {
      const active = actives.get(namespace)
      if (!active) return
      actives.delete(namespace)
      active.unsubscribe()
      active.controller.abort(reason)
    }

    /** `$connectingId` names the newest connect attempt still in progress, in any namespace. */
    function stopConnecting(attempt: Attempt) {
      const index = connectingOrder.findIndex((marker) => marker.attempt === attempt)
      if (index !== -1) connectingOrder.splice(index, 1)
      $connectingId.set(connectingOrder.at(-1)?.connectorId)
    }

    const flowPart = flowCode.instance((code) =>
      code.createConnectionFlow({
        network,
        connectors,
        logger,
        showError: toast.showError,
        storage,
        actives,
        attempts,
        lifetime: lifetime.signal,
        defaultAccountTypes: options.defaultAccountTypes,
        get,
        update,
        emit,
        setAddress,
        clear,
        markDisconnected,
        endActive,
        getAdapter,
        setSwitchingTo: (target) => $switchingTo.set(target),
      }),
    )

    function connect(parameters: ConnectParameters): Promise<ConnectReturnType> {
      if (destroyed) return Promise.reject(new PorticoError('CONNECTION_CLIENT_NOT_SET'))
      const connector = connectors.get(parameters.connectorId)
      if (connector) return connectWith(connector, parameters)
      // Nothing has shown a list of wallets yet (an app that connects on load): the connector is
      // looked up once the list's code is here and the page's wallets were asked for.
      return connectors.find(parameters.connectorId).then((found) => {
        if (!found) {
          throw new PorticoError(
            'WALLET_ERROR',
            `No wallet with id ${parameters.connectorId} is available`,
          )
        }
        return connectWith(found, parameters)
      })
    }

    function connectWith(
      connector: Connector,
      { connectorId, namespace, accountType }: ConnectParameters,
    ): Promise<ConnectReturnType> {
      const ns = namespace ?? connector.chain
      const latest = attempts.get(ns)
      const joined = latest && connecting.get(latest)
      // A double click joins the attempt under way: one intent, one prompt.
      if (joined && joined.connectorId === connectorId) return joined.promise
      const attempt = attempts.begin(ns, 'connect')
      const promise = runConnect(attempt, connector, accountType)
      connecting.set(attempt, { connectorId, promise })
      return promise
    }

    async function runConnect(
      attempt: Attempt,
      connector: Connector,
      accountType: AccountType | undefined,
    ): Promise<ConnectReturnType> {
      const ns = attempt.namespace
      const before = get(ns).status
      connectingOrder.push({ attempt, connectorId: connector.id })
      $connectingId.set(connector.id)
      $error.set(undefined)
      if (before !== 'connected') update(ns, { status: 'connecting' })
      try {
        // The adapter and the code that asks the wallet load together; a cancel or a later
        // attempt during the load still stops this one.
        const [adapter, flow] = await withDeadline(Promise.all([getAdapter(ns), flowPart.get()]), {
          signal: attempt.signal,
        })
        const connected = await flow.connect(attempt, connector, adapter, accountType)
        attempts.end(attempt)
        emit({ type: 'connected', namespace: ns })
        return connected
      } catch (cause) {
        const error = isPorticoError(cause) ? cause : toWalletError(cause, 'connection request')
        // Only the latest attempt speaks: a superseded or cancelled one changes nothing.
        if (attempt.isCurrent()) {
          // A pairing the app cancelled is not the user's problem to see.
          if (error.code !== 'ABORTED') $error.set(error)
          if (before !== 'connected') update(ns, { status: 'disconnected' })
          throw error
        }
        throw isPorticoError(error, 'ABORTED') ? error : abortedError('replaced')
      } finally {
        attempts.end(attempt)
        connecting.delete(attempt)
        stopConnecting(attempt)
      }
    }

    async function reconnectNamespace(namespace: ChainNamespace) {
      const connectorId = storage.connectedConnectorId.get(namespace)
      if (!connectorId) return
      // The user is connecting by hand: their choice wins over the stored one.
      if (attempts.get(namespace)?.kind === 'connect') return
      const attempt = attempts.begin(namespace, 'reconnect')
      update(namespace, { status: 'reconnecting' })
      connectors.startDiscovery()
      // Waiting for the wallet's connector starts now, while the code that restores loads.
      const found = connectors.waitFor(connectorId, RECONNECT_DISCOVERY_TIMEOUT_MS)
      try {
        const flow = await withDeadline(flowPart.get(), { signal: attempt.signal })
        await flow.reconnect(attempt, connectorId, found)
      } catch (error) {
        // The restoring code could not be fetched (offline, a replaced deploy): like a wallet
        // that does not answer, the namespace stays disconnected with its stored choice kept for
        // the next visit. A connect or disconnect meanwhile has taken over: nothing to write.
        if (attempt.isCurrent()) {
          logger.warn(`${connectorId} could not be restored; not reconnecting`, error)
          markDisconnected(namespace)
        }
      } finally {
        attempts.end(attempt)
      }
    }

    async function disconnect({ namespace }: DisconnectParameters = {}) {
      assertAlive()
      const namespaces = namespace
        ? [namespace]
        : [
            ...new Set([
              ...actives.keys(),
              ...attempts.namespaces(),
              ...(Object.keys($connections.get()) as ChainNamespace[]),
              ...(storage.connectedNamespaces.get() ?? []),
            ]),
          ]
      // Everything is settled before any wallet is awaited: a pending connect or reconnect is
      // cancelled (the wallet's late answer changes nothing), and no await lets a new connection
      // land only to be wiped by this disconnect.
      const ending: Active[] = []
      for (const ns of namespaces) {
        const attempt = attempts.get(ns)
        attempts.cancel(ns, abortedError('disconnected'))
        if (attempt) stopConnecting(attempt)
        const active = actives.get(ns)
        if (active) ending.push(active)
        clear(ns, { reassign: namespace !== undefined })
      }
      for (const ns of namespaces) emit({ type: 'disconnected', namespace: ns })
      let failure: unknown
      for (const active of ending) {
        try {
          await (active.connector.disconnect?.() ??
            active.adapter.connection.disconnect(active.connector))
        } catch (error) {
          failure = error
        }
      }
      if (failure) throw new PorticoError('INTERNAL_SDK_ERROR', { cause: failure })
    }

    /** The switch under way: a call for another network replaces it, the same one joins it. */
    let switching: { targetId: string; controller: AbortController } | undefined

    async function switchNetwork(target: PorticoNetwork, signal: AbortSignal) {
      if (destroyed) throw new PorticoError('NETWORK_CLIENT_NOT_SET')
      if (!network.find(target?.id)) {
        alerts.raise('SWITCH_NETWORK_NOT_FOUND', { id: target?.id })
        throw new PorticoError('NETWORK_NOT_FOUND', { details: { id: target?.id } })
      }
      const namespace = networkNamespace(target)
      const active = actives.get(namespace)
      if (!active) {
        network.setActiveNetwork(target)
        // A network of another namespace: the app now works in that namespace.
        network.setActiveNamespace(namespace)
        return
      }
      // A connection exists, so the code that made it is here: the wallet is asked in this turn.
      return flowPart.use((flow) => flow.switchNetwork(active, target, signal))
    }

    function switchNamespace(namespace: ChainNamespace) {
      assertAlive()
      if (!network.networks.some((n) => networkNamespace(n) === namespace)) {
        throw new PorticoError('UNSUPPORTED_CHAIN', { details: { namespace } })
      }
      network.setActiveNamespace(namespace)
      if (!modal.$open.get()) return
      const connected = get(namespace).status === 'connected'
      const stack = modal.$stack.get()
      if (!connected) modal.reset('Connect', { namespace })
      else if (stack.length === 1 && stack[0]?.view === 'Connect') modal.reset('Account')
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
      for (const namespace of [...actives.keys()]) endActive(namespace, abortedError('destroyed'))
    })

    function reconnect() {
      reconnecting ??= (async () => {
        const stored = storage.connectedNamespaces.get() ?? []
        await Promise.all(stored.map(reconnectNamespace))
        // The namespace active when the page was left did not come back: show one that did.
        const connections = $connections.get()
        if (connections[network.$activeNamespace.get()]?.status !== 'connected') {
          const back = stored.find((ns) => connections[ns]?.status === 'connected')
          if (back) network.setActiveNamespace(back)
        }
      })()
      return reconnecting
    }

    const disconnectAction = createAsyncAction(disconnect)
    const switchAction = createAsyncAction((target: PorticoNetwork) => {
      const controller = new AbortController()
      const mine = { targetId: target?.id, controller }
      switching = mine
      return switchNetwork(target, controller.signal).finally(() => {
        if (switching === mine) switching = undefined
      })
    })
    /**
     * One switch at a time: a second call for the same network joins the prompt under way (one
     * intent, one prompt); a call for another network replaces it (the user changed their mind),
     * and the first one's answer, whenever it comes, writes nothing.
     */
    function switchToLatest(target: PorticoNetwork): Promise<void> {
      if (switching && switching.targetId !== target?.id) {
        switching.controller.abort(abortedError('replaced'))
        switching = undefined
        switchAction.reset()
      }
      return switchAction.run(target)
    }
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
      switchNetwork: switchToLatest,
      switchNamespace,
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
