import type { ReadableAtom } from 'nanostores'
import type { ChainNamespace } from '../caip/index.js'
import { defineFeature } from '../kernel/feature.js'
import type { Logger } from '../logger/index.js'
import { modalFeature } from '../modal/feature.js'
import { invalidOption, networkNamespace } from '../options/index.js'
import { type ConnectorSource, createConnectors } from './createConnectors.js'
import { createRecentWallets, RECENT_WALLETS_KEY, type RecentWallet } from './recentWallets.js'
import type { Connector, ExternalConnector } from './types.js'

/** The connector options of `createPortico`. */
export type ConnectorsOptions = {
  /** Connectors the app brings (spec: EXTERNAL), e.g. a wallet SDK's EIP-1193 provider. */
  connectors?: readonly ExternalConnector[]
  /** Wallets (explorer ids or rdns) never to list. */
  excludeWalletIds?: readonly string[]
}

/** The ways to connect found in this page, and the wallets used before (`client.connectors`). */
export type ConnectorsFeature = {
  /** Every connector, deduplicated, in discovery order. */
  $connectors: ReadableAtom<readonly Connector[]>
  /** Wallets connected before, newest first, at most two. */
  $recentWallets: ReadableAtom<readonly RecentWallet[]>
  get(id: string): Connector | undefined
  /**
   * Starts looking for browser wallets (EIP-6963; idempotent; a local DOM event, no request).
   * The modal does it when it opens; a custom UI calls it when it shows its wallet list.
   */
  startDiscovery(): void
}

export type ConnectorsInternal = ConnectorsFeature & {
  /** Resolves with the connector once it is known, or undefined after `timeoutMs`. */
  waitFor(id: string, timeoutMs: number): Promise<Connector | undefined>
  /** Adds a connector built by another feature (WalletConnect, auth). Same id replaces. */
  add(connector: Connector): void
  addRecentWallet(wallet: RecentWallet): void
}

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

/** The ways to connect found in this page, and the wallets used before. */
export const connectorsFeature = defineFeature({
  name: 'connectors',
  needs: [modalFeature],
  storageKeys: [RECENT_WALLETS_KEY],
  options(input: ConnectorsOptions) {
    const connectors = input.connectors ?? []
    if (!Array.isArray(connectors)) invalidOption('connectors must be a list')
    for (const connector of connectors) {
      if (!connector?.provider && !connector?.wallet && !connector?.satsConnect) {
        invalidOption(
          `connector ${String(connector?.id)} needs a provider, a Wallet Standard wallet or a sats-connect provider`,
        )
      }
    }
    return { connectors, excludeWalletIds: input.excludeWalletIds ?? [] }
  },
  create(context, options): { public: ConnectorsFeature; internal: ConnectorsInternal } {
    const registry = createConnectors({
      options,
      externalConnectors: options.connectors,
      sources: standardSources(context.options.networks.map(networkNamespace), context.logger),
      logger: context.logger,
    })
    const recent = createRecentWallets(context.storage, context.logger)
    const modal = context.use(modalFeature)
    // Wallets in the page are asked for with the intent to connect: when the Connect view is
    // prefetched (the page idle, the pointer over the button), so the click that opens the modal
    // does not run every extension's answer in its own task, or at the latest when it opens. It is
    // an in-page event, not a request: nothing leaves the page before the user acts.
    context.onDestroy(
      modal.onPrefetch((view) => {
        if (view !== 'Connect') return
        registry.startDiscovery()
        recent.prefetch()
      }),
    )
    context.onDestroy(
      modal.onOpenChange((open) => {
        if (open) registry.startDiscovery()
      }),
    )
    context.onDestroy(registry.stop)
    const feature: ConnectorsFeature = {
      $connectors: registry.$connectors,
      $recentWallets: recent.$recentWallets,
      get: registry.get,
      startDiscovery: registry.startDiscovery,
    }
    return {
      public: feature,
      internal: {
        ...feature,
        waitFor: registry.waitFor,
        add: registry.add,
        addRecentWallet: recent.add,
      },
    }
  },
})
