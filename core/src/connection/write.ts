import type { AdapterAccount, ChainAdapter } from '../adapters/index.js'
import type { CaipAddress, CaipNetworkId, ChainNamespace } from '../caip/index.js'
import type { Connector } from '../connectors/index.js'
import type { LazyContext } from '../kernel/feature.js'
import { abortedError, networkNamespace, networkReference, PorticoError } from '../kit.js'
import type { ConnectionShell } from './halves.js'
import type { ConnectReturnType } from './types.js'

/**
 * What a connection writes, and then follows: the wallet's answer as the namespace's state, its
 * storage and the recent wallets; the wallet's account, chain and disconnect events afterwards.
 * Part of the connection's heavy half.
 */
export function createWriter(context: LazyContext, shell: ConnectionShell) {
  const { network, connectors, storage, actives, get, update, emit, setAddress, clear, endActive } =
    shell
  const { logger } = context
  const chainIdOf = (namespace: ChainNamespace, reference: string): CaipNetworkId =>
    `${namespace}:${reference}`

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

  return { finalise }
}
