import { computed } from 'nanostores'
import type { AdapterLoaders, ChainAdapter } from '../adapters/index.js'
import { defaultAdapterLoaders } from '../adapters/index.js'
import { alertsFeature } from '../alerts/index.js'
import type { ChainNamespace } from '../caip/index.js'
import { connectorsFeature, RECONNECT_DISCOVERY_TIMEOUT_MS } from '../connectors/index.js'
import { PorticoError } from '../errors/index.js'
import { createAsyncAction } from '../kernel/async.js'
import { withDeadline } from '../kernel/deadline.js'
import { defineFeature } from '../kernel/feature.js'
import { modalFeature } from '../modal/feature.js'
import { networkFeature } from '../network/feature.js'
import {
  type AccountType,
  invalidOption,
  type NetworkInput,
  networkNamespace,
  type PorticoNetwork,
} from '../options/index.js'
import { toastFeature } from '../toast/feature.js'
import { createAttempts } from './attempts.js'
import { createConnecting } from './connecting.js'
import { abortedError, DEFAULT_ACCOUNT_TYPES } from './constants.js'
import { connectionEvent } from './events.js'
import type { Active } from './halves.js'
import { createConnectionState } from './state.js'
import { CONNECTION_STORAGE_KEYS, createConnectionStorage } from './storage.js'
import { createSwitching } from './switching.js'
import type {
  ConnectionEvent,
  ConnectionFeature,
  ConnectionInternal,
  ConnectionOptions,
  DisconnectParameters,
} from './types.js'

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
  lazy: () => import('./lazy.js'),
  create(context, options, lazy): { public: ConnectionFeature; internal: ConnectionInternal } {
    const network = context.use(networkFeature)
    const connectors = context.use(connectorsFeature)
    const modal = context.use(modalFeature)
    const toast = context.use(toastFeature)
    const alerts = context.use(alertsFeature)
    // Actions called on a destroyed client say so instead of touching stopped listeners.
    let destroyed = false
    const isDestroyed = () => destroyed
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
    const state = createConnectionState(network, storage, () => abortedError('disconnected'))
    const { $connections, $connection, actives, get, update, setAddress } = state
    if (options.ssr && context.initialState) state.restoreFromStorage()
    const adapters = new Map<ChainNamespace, Promise<ChainAdapter>>()
    let reconnecting: Promise<void> | undefined
    const attempts = createAttempts(() => abortedError('replaced'))
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

    // Declared before the half, which writes the switch marker through it.
    let switching: ReturnType<typeof createSwitching> | undefined
    // The half that talks to wallets: fetched with the chain adapter on the first connect, in
    // parallel so it adds no wait, or when a stored connection is restored.
    const half = lazy({
      network,
      connectors,
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
      clear: state.clear,
      markDisconnected: state.markDisconnected,
      endActive: state.endActive,
      getAdapter,
      setSwitchingTo: (target) => switching?.setSwitchingTo(target),
    })
    switching = createSwitching({ network, alerts, state, half, isDestroyed })
    const connecting = createConnecting({
      connectors,
      attempts,
      state,
      half,
      getAdapter,
      emit,
      isDestroyed,
    })

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
        const flow = await withDeadline(half.get(), { signal: attempt.signal })
        await flow.reconnect(attempt, connectorId, found)
      } catch (error) {
        // The restoring code could not be fetched (offline, a replaced deploy): like a wallet
        // that does not answer, the namespace stays disconnected with its stored choice kept for
        // the next visit. A connect or disconnect meanwhile has taken over: nothing to write.
        if (attempt.isCurrent()) {
          logger.warn(`${connectorId} could not be restored; not reconnecting`, error)
          state.markDisconnected(namespace)
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
        if (attempt) connecting.stopConnecting(attempt)
        const active = actives.get(ns)
        if (active) ending.push(active)
        state.clear(ns, { reassign: namespace !== undefined })
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
      for (const namespace of [...actives.keys()]) {
        state.endActive(namespace, abortedError('destroyed'))
      }
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
    const feature: ConnectionFeature = {
      $connections,
      $connection,
      $status: computed($connection, (c) => c.status),
      $address: computed($connection, (c) => c.address),
      $caipAddress: computed($connection, (c) => c.caipAddress),
      $walletInfo: computed($connection, (c) => c.walletInfo),
      $explorerUrl: state.$explorerUrl,
      $connectingId: connecting.$connectingId,
      $error: connecting.$error,
      $switchingTo: switching.$switchingTo,
      $networkSwitch: switching.$networkSwitch,
      $disconnecting: disconnectAction.$state,
      connect: connecting.connect,
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
        await connecting.connect({ connectorId, namespace })
      },
      switchNetwork: switching.switchNetwork,
      switchNamespace,
      clearError: () => connecting.$error.set(undefined),
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
