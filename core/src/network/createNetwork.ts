import { atom, computed, type ReadableAtom } from 'nanostores'
import type { AccountFeature } from '../account/index.js'
import type { CaipNetworkId, ChainNamespace } from '../caip/index.js'
import { networkNamespace, type PorticoNetwork, type ResolvedOptions } from '../options/index.js'
import type { PorticoStorage } from '../storage/index.js'

export type NetworkFeature = {
  /** The app's networks. */
  networks: readonly PorticoNetwork[]
  /** The selected app network per namespace. */
  $activeNetworks: ReadableAtom<Readonly<Partial<Record<ChainNamespace, PorticoNetwork>>>>
  /** The chain the connected wallet reports per namespace, listed by the app or not. */
  $walletChains: ReadableAtom<Readonly<Partial<Record<ChainNamespace, CaipNetworkId>>>>
  /** The active namespace's selected network. */
  $activeNetwork: ReadableAtom<PorticoNetwork>
  /** The connected wallet is on a chain the app does not list. */
  $isUnsupportedChain: ReadableAtom<boolean>
  find(id: string): PorticoNetwork | undefined
  /** Selects an app network (and stores it). */
  setActiveNetwork(network: PorticoNetwork): void
  /** Records the wallet's chain; selects it when the app lists it. */
  setWalletChain(namespace: ChainNamespace, id: CaipNetworkId | undefined): void
}

export function createNetwork({
  options,
  storage,
  account,
}: {
  options: Pick<ResolvedOptions, 'networks' | 'defaultNetwork'>
  storage: PorticoStorage
  account: AccountFeature
}): NetworkFeature {
  const { networks, defaultNetwork } = options
  const find = (id: string) => networks.find((network) => network.id === id)

  const initial: Partial<Record<ChainNamespace, PorticoNetwork>> = {}
  for (const network of networks) {
    const namespace = networkNamespace(network)
    if (initial[namespace]) continue
    const stored = storage.activeCaipNetworkId.get(namespace)
    const fallback = networkNamespace(defaultNetwork) === namespace ? defaultNetwork : network
    initial[namespace] = (stored && find(stored)) || fallback
  }

  const $activeNetworks = atom(initial)
  const $walletChains = atom<Partial<Record<ChainNamespace, CaipNetworkId>>>({})

  const $activeNetwork = computed(
    [$activeNetworks, account.$activeNamespace],
    (active, namespace) => active[namespace] ?? defaultNetwork,
  )

  const $isUnsupportedChain = computed(
    [$walletChains, account.$accounts, account.$activeNamespace],
    (chains, accounts, namespace) => {
      const chain = chains[namespace]
      return accounts[namespace]?.status === 'connected' && chain !== undefined && !find(chain)
    },
  )

  function setActiveNetwork(network: PorticoNetwork) {
    const namespace = networkNamespace(network)
    $activeNetworks.set({ ...$activeNetworks.get(), [namespace]: network })
    storage.activeCaipNetworkId.set(namespace, network.id)
  }

  return {
    networks,
    $activeNetworks,
    $walletChains,
    $activeNetwork,
    $isUnsupportedChain,
    find,
    setActiveNetwork,
    setWalletChain(namespace, id) {
      const next = { ...$walletChains.get() }
      if (id === undefined) delete next[namespace]
      else next[namespace] = id
      $walletChains.set(next)
      const network = id ? find(id) : undefined
      if (network) setActiveNetwork(network)
    },
  }
}
