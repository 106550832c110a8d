import type { ChainNamespace } from '../caip/index.js'
import type { LazyContext } from '../kernel/feature.js'
import type { Logger } from '../logger/index.js'
import { type ConnectorSource, createConnectors } from './createConnectors.js'
import { createRecentWallets } from './recentWallets.js'
import type { ConnectorsHalf, ConnectorsShell } from './types.js'

/**
 * Solana and Bitcoin wallets register through the Wallet Standard (and sats-connect): looked for
 * only when the app lists networks of those namespaces, by a module loaded then.
 */
function standardSources(namespaces: readonly ChainNamespace[], logger: Logger): ConnectorSource[] {
  const wanted = namespaces.filter((ns) => ns === 'solana' || ns === 'bip122')
  if (wanted.length === 0) return []
  const source: ConnectorSource = (target, publish) => {
    let stop: (() => void) | undefined
    let stopped = false
    import('./walletStandard.js').then(
      (module) => {
        if (stopped) return
        stop = module.discoverStandardWallets(target, wanted, publish, (error) =>
          logger.warn('a Wallet Standard wallet failed to register', error),
        )
      },
      (error: unknown) => logger.error('could not load the Wallet Standard discovery', error),
    )
    return () => {
      stopped = true
      stop?.()
    }
  }
  return [source]
}

/**
 * The connectors' heavy half: EIP-6963 discovery and the registry's rules (first announcement
 * wins, an excluded wallet is never listed, a plain injected provider only when nobody announced),
 * the Wallet Standard discovery of the app's other namespaces, and the recent wallets read back
 * through their checks. Fetched when a list of wallets is first shown, on the Connect view's
 * prefetch, or when a connection needs a connector.
 */
export function createLazy(context: LazyContext, shell: ConnectorsShell): ConnectorsHalf {
  const { logger } = context
  const registry = createConnectors({
    options: shell.options,
    $connectors: shell.$connectors,
    added: shell.added,
    externalConnectors: shell.options.connectors,
    sources: standardSources(shell.namespaces, logger),
    logger,
  })
  const recent = createRecentWallets(context.storage, shell.$recentWallets)
  context.onDestroy(registry.stop)
  return {
    get: registry.get,
    startDiscovery: registry.startDiscovery,
    waitFor: registry.waitFor,
    add: registry.add,
    addRecentWallet: recent.add,
  }
}
