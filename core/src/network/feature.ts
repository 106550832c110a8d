import { atom, computed, type ReadableAtom } from 'nanostores'
import {
  type CaipNetworkId,
  CHAIN_NAMESPACES,
  type ChainNamespace,
  isCaipNetworkId,
} from '../caip/index.js'
import { defineFeature } from '../kernel/feature.js'
import { modalFeature } from '../modal/feature.js'
import {
  invalidOption,
  type NetworkInput,
  networkNamespace,
  type PorticoNetwork,
  toPorticoNetwork,
} from '../options/index.js'
import { oneOf, storedMap, storedValue, type Validator } from '../storage/index.js'
import type { NetworkOptions } from './types.js'

/** The app's networks and the one in use (`client.network`). */
export type NetworkFeature = {
  /** The app's networks. */
  networks: readonly PorticoNetwork[]
  /** The namespaces the app lists networks of, in the order of its networks. */
  namespaces: readonly ChainNamespace[]
  /** Whether the app lets the user switch networks (and sees UnsupportedChain). */
  enableNetworkSwitch: boolean
  /** The namespace the app works in now (eip155 unless the user chose another). */
  $activeNamespace: ReadableAtom<ChainNamespace>
  /** The selected app network per namespace. */
  $activeNetworks: ReadableAtom<Readonly<Partial<Record<ChainNamespace, PorticoNetwork>>>>
  /** The active namespace's selected network. */
  $activeNetwork: ReadableAtom<PorticoNetwork>
  /** The chain the connected wallet reports per namespace, listed by the app or not. */
  $walletChains: ReadableAtom<Readonly<Partial<Record<ChainNamespace, CaipNetworkId>>>>
  /** The active namespace's wallet chain. */
  $walletChainId: ReadableAtom<CaipNetworkId | undefined>
  /** The connected wallet is on a chain the app does not list. */
  $isUnsupportedChain: ReadableAtom<boolean>
  find(id: string): PorticoNetwork | undefined
}

export type NetworkInternal = NetworkFeature & {
  /** Selects an app network (and stores it). */
  setActiveNetwork(network: PorticoNetwork): void
  /** Records the wallet's chain; selects it when the app lists it. */
  setWalletChain(namespace: ChainNamespace, id: CaipNetworkId | undefined): void
  setActiveNamespace(namespace: ChainNamespace): void
  defaultNetwork: PorticoNetwork
}

const caipNetworkId: Validator<CaipNetworkId> = (value) =>
  isCaipNetworkId(value) ? value : undefined

/**
 * The app's networks, the one selected per namespace (remembered across reloads), the chain the
 * wallet is on, and the rule that a wallet on a chain the app does not list opens UnsupportedChain
 * when network switching is on and unsupported chains are not allowed.
 */
export const networkFeature = defineFeature({
  name: 'network',
  needs: [modalFeature],
  storageKeys: ['active_namespace', 'active_caip_network_id'],
  options(input: NetworkOptions & { networks: readonly NetworkInput[] }) {
    // The kernel hands features the networks already in Portico's form.
    const networks = (Array.isArray(input.networks) ? input.networks : []) as PorticoNetwork[]
    const wanted =
      typeof input.defaultNetwork === 'object' && input.defaultNetwork !== null
        ? toPorticoNetwork(input.defaultNetwork).id
        : input.defaultNetwork
    const defaultNetwork = wanted ? networks.find((n) => n.id === wanted) : networks[0]
    if (!defaultNetwork) invalidOption(`defaultNetwork ${wanted} is not in networks`)
    return {
      defaultNetwork,
      allowUnsupportedChain: input.allowUnsupportedChain ?? false,
      enableNetworkSwitch: input.enableNetworkSwitch ?? true,
    }
  },
  create(context, options): { public: NetworkFeature; internal: NetworkInternal } {
    const { networks } = context.options
    const { defaultNetwork } = options
    const storedNamespace = storedValue(
      context.storage,
      'active_namespace',
      oneOf(CHAIN_NAMESPACES),
    )
    const storedNetworks = storedMap<ChainNamespace, CaipNetworkId>(
      context.storage,
      'active_caip_network_id',
      caipNetworkId,
    )
    const find = (id: string) => networks.find((network) => network.id === id)

    const initial: Partial<Record<ChainNamespace, PorticoNetwork>> = {}
    for (const network of networks) {
      const namespace = networkNamespace(network)
      if (initial[namespace]) continue
      const stored = storedNetworks.get(namespace)
      const fallback = networkNamespace(defaultNetwork) === namespace ? defaultNetwork : network
      initial[namespace] = (stored && find(stored)) || fallback
    }

    const $activeNamespace = atom<ChainNamespace>(
      storedNamespace.get() ?? networkNamespace(defaultNetwork),
    )
    const $activeNetworks = atom(initial)
    const $walletChains = atom<Partial<Record<ChainNamespace, CaipNetworkId>>>({})
    const $activeNetwork = computed(
      [$activeNetworks, $activeNamespace],
      (active, namespace) => active[namespace] ?? defaultNetwork,
    )
    const $walletChainId = computed(
      [$walletChains, $activeNamespace],
      (chains, namespace) => chains[namespace],
    )
    // The wallet chain is only known while a wallet is connected.
    const $isUnsupportedChain = computed(
      $walletChainId,
      (chain) => chain !== undefined && !find(chain),
    )

    function setActiveNetwork(network: PorticoNetwork) {
      const namespace = networkNamespace(network)
      $activeNetworks.set({ ...$activeNetworks.get(), [namespace]: network })
      storedNetworks.set(namespace, network.id)
    }

    const modal = context.use(modalFeature)
    if (options.enableNetworkSwitch && !options.allowUnsupportedChain) {
      context.onDestroy(
        $isUnsupportedChain.listen((unsupported) => {
          const view = modal.$view.get().view
          if (unsupported) {
            if (!modal.$open.get() || view !== 'UnsupportedChain') {
              modal.open({ view: 'UnsupportedChain' })
            }
          } else if (modal.$open.get() && view === 'UnsupportedChain') {
            modal.close()
          }
        }),
      )
    }

    const feature: NetworkFeature = {
      networks,
      namespaces: [...new Set(networks.map(networkNamespace))],
      enableNetworkSwitch: options.enableNetworkSwitch,
      $activeNamespace,
      $activeNetworks,
      $activeNetwork,
      $walletChains,
      $walletChainId,
      $isUnsupportedChain,
      find,
    }
    return {
      public: feature,
      internal: {
        ...feature,
        defaultNetwork,
        setActiveNetwork,
        setWalletChain(namespace, id) {
          const next = { ...$walletChains.get() }
          if (id === undefined) delete next[namespace]
          else next[namespace] = id
          $walletChains.set(next)
          const network = id ? find(id) : undefined
          if (network) setActiveNetwork(network)
        },
        setActiveNamespace(namespace) {
          $activeNamespace.set(namespace)
          storedNamespace.set(namespace)
        },
      },
    }
  },
})
