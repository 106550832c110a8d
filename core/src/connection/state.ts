import { atom, computed } from 'nanostores'
import type { CaipAddress, CaipNetworkId, ChainNamespace } from '../caip/index.js'
import type { PorticoError } from '../errors/index.js'
import type { NetworkInternal } from '../network/feature.js'
import { isRecord } from '../storage/index.js'
import type { Active } from './halves.js'
import { type ConnectionStorage, storedAddress } from './storage.js'
import { type ConnectionState, DISCONNECTED } from './types.js'

/**
 * The connection of every namespace and what writes it: the stores, the wallets followed, and
 * forgetting a namespace (state and storage). The shell's part that both halves write through.
 */
export function createConnectionState(
  network: NetworkInternal,
  storage: ConnectionStorage,
  disconnected: () => PorticoError,
) {
  const $connections = atom<Partial<Record<ChainNamespace, ConnectionState>>>({})
  const $connection = computed(
    [$connections, network.$activeNamespace],
    (connections, namespace) => connections[namespace] ?? DISCONNECTED,
  )
  const $explorerUrl = computed($connection, (c) => {
    const explorer = c.chainId ? network.find(c.chainId)?.blockExplorers?.[0] : undefined
    return explorer && c.address
      ? `${explorer.url.replace(/\/+$/, '')}/address/${c.address}`
      : undefined
  })
  /** The wallet followed per connected namespace. */
  const actives = new Map<ChainNamespace, Active>()

  const get = (namespace: ChainNamespace) => $connections.get()[namespace] ?? DISCONNECTED
  function update(namespace: ChainNamespace, patch: Partial<ConnectionState>) {
    $connections.set({ ...$connections.get(), [namespace]: { ...get(namespace), ...patch } })
  }
  function setAddress(namespace: ChainNamespace, chainId: CaipNetworkId, address: string) {
    update(namespace, { address, chainId, caipAddress: `${chainId}:${address}` as CaipAddress })
  }
  /**
   * Disconnected in state, the stored choice kept for the next visit: nothing of a connection
   * restored from the request (its address) outlives a wallet that did not answer.
   */
  function markDisconnected(namespace: ChainNamespace) {
    $connections.set({ ...$connections.get(), [namespace]: DISCONNECTED })
  }

  /** Stops following the namespace's wallet; a request waiting on that connection stops. */
  function endActive(namespace: ChainNamespace, reason: PorticoError) {
    const active = actives.get(namespace)
    if (!active) return
    actives.delete(namespace)
    active.unsubscribe()
    active.controller.abort(reason)
  }

  /**
   * Forgets a namespace's connection: state and storage, leaving other namespaces alone. When it
   * was the active one and another namespace is still connected, that one becomes active (the
   * app keeps showing an account), unless every namespace is being disconnected.
   */
  function clear(namespace: ChainNamespace, { reassign = true } = {}) {
    endActive(namespace, disconnected())
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

  /** A stored connection as the first render shows it: 'reconnecting', with its address. */
  function storedConnection(namespace: ChainNamespace): ConnectionState | undefined {
    const connectorId = storage.connectedConnectorId.get(namespace)
    const chainId = network.$activeNetworks.get()[namespace]?.id
    const [entry] = storage.connections.get(namespace) ?? []
    const accounts = isRecord(entry) && Array.isArray(entry.accounts) ? entry.accounts : []
    const addresses = accounts
      .map((account) => (isRecord(account) ? storedAddress(namespace, account.address) : undefined))
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

  // Rendered on the server too, from the request's cookies (`initialState`): start where the
  // server started, each stored connection 'reconnecting' with its address, so the server HTML
  // already shows the account and hydration finds no difference. PorticoProvider's mount then
  // asks the wallet: connected, or disconnected if it no longer answers. Never 'connected'
  // before the wallet answered.
  function restoreFromStorage() {
    const restored: Partial<Record<ChainNamespace, ConnectionState>> = {}
    for (const namespace of storage.connectedNamespaces.get() ?? []) {
      const state = storedConnection(namespace)
      if (state) restored[namespace] = state
    }
    $connections.set(restored)
  }

  return {
    $connections,
    $connection,
    $explorerUrl,
    actives,
    get,
    update,
    setAddress,
    markDisconnected,
    endActive,
    clear,
    restoreFromStorage,
  }
}

export type ConnectionStateParts = ReturnType<typeof createConnectionState>
