import { atom, type ReadableAtom } from 'nanostores'
import { defineFeature } from '../kernel/feature.js'
import { modalFeature } from '../modal/feature.js'
import { invalidOption, networkNamespace } from '../options/index.js'
import { RECENT_WALLETS_KEY } from './constants.js'
import type { Connector, ExternalConnector, RecentWallet } from './types.js'

/** The connector options of `createPortico`. */
export type ConnectorsOptions = {
  /** Connectors the app brings (spec: EXTERNAL), e.g. a wallet SDK's EIP-1193 provider. */
  connectors?: readonly ExternalConnector[]
  /** Wallets (explorer ids or rdns) never to list. */
  excludeWalletIds?: readonly string[]
}

/** The ways to connect found in this page, and the wallets used before (`client.connectors`). */
export type ConnectorsFeature = {
  /**
   * Every connector, deduplicated, in discovery order: the app's and those other features add at
   * once, the page's wallets once discovery ran (the list shown fetches its code).
   */
  $connectors: ReadableAtom<readonly Connector[]>
  /** Wallets connected before, newest first, at most two (read when first shown). */
  $recentWallets: ReadableAtom<readonly RecentWallet[]>
  /** A known connector; before the list was first shown or discovered, only those added. */
  get(id: string): Connector | undefined
  /**
   * Starts looking for browser wallets (EIP-6963; idempotent; a local DOM event, no request).
   * The modal does it when it opens; a custom UI calls it when it shows its wallet list.
   */
  startDiscovery(): void
}

export type ConnectorsInternal = ConnectorsFeature & {
  /**
   * The connector, once the list's code is here and the page's wallets were asked for: how a
   * connect made before any list was shown finds its wallet.
   */
  find(id: string): Promise<Connector | undefined>
  /**
   * Resolves with the connector once it is known, or undefined after `timeoutMs` (or when the
   * list's code cannot come); never rejects.
   */
  waitFor(id: string, timeoutMs: number): Promise<Connector | undefined>
  /** Adds a connector built by another feature (WalletConnect, auth). Same id replaces. */
  add(connector: Connector): void
  /** Stores the wallet first among the recent ones once the list's code is here; never rejects. */
  addRecentWallet(wallet: RecentWallet): Promise<void>
}

/**
 * The ways to connect found in this page, and the wallets used before. The page loads only the
 * two lists; discovery, the registry's rules and the recent wallets' checks (`lazy.ts`) come when
 * a list is shown, the Connect view is prefetched or the modal opens.
 */
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
  lazy: () => import('./lazy.js'),
  create(context, options, lazy): { public: ConnectorsFeature; internal: ConnectorsInternal } {
    const $connectors = atom<readonly Connector[]>([])
    const $recentWallets = atom<readonly RecentWallet[]>([])
    const added: Connector[] = []
    const half = lazy({
      options,
      $connectors,
      $recentWallets,
      added,
      namespaces: context.options.networks.map(networkNamespace),
    })
    // The page's wallets cannot be looked for (offline, a deploy replaced the chunk): the lists
    // stay as they are, the developer is told, and the next use fetches the code again.
    const failed = (error: unknown) => context.logger.warn('could not load the wallet list', error)
    const startDiscovery = () =>
      void half.use((registry) => registry.startDiscovery()).catch(failed)
    // A list on screen brings its code.
    const follow = () => () => undefined
    half.whileShown($connectors, follow, failed)
    half.whileShown($recentWallets, follow, failed)
    const modal = context.use(modalFeature)
    // Wallets in the page are asked for with the intent to connect: when the Connect view is
    // prefetched (the page idle, the pointer over the button), so the click that opens the modal
    // does not run every extension's answer in its own task, or at the latest when it opens. It is
    // an in-page event, not a request: nothing leaves the page before the user acts.
    context.onDestroy(
      modal.onPrefetch((view) => {
        if (view === 'Connect') startDiscovery()
      }),
    )
    context.onDestroy(
      modal.onOpenChange((open) => {
        if (open) startDiscovery()
      }),
    )
    const get = (id: string) =>
      half.current()?.get(id) ?? added.find((connector) => connector.id === id)
    const feature: ConnectorsFeature = { $connectors, $recentWallets, get, startDiscovery }
    return {
      public: feature,
      internal: {
        ...feature,
        find: (id) =>
          half.use((registry) => {
            registry.startDiscovery()
            return registry.get(id)
          }),
        // Neither rejects: a wallet list whose code cannot come (or a client destroyed meanwhile)
        // finds no wallet and stores nothing, as a page without the wallet does.
        waitFor: (id, timeoutMs) =>
          half.use((registry) => registry.waitFor(id, timeoutMs)).catch(() => undefined),
        add(connector) {
          const built = half.current()
          if (built) return built.add(connector)
          const index = added.findIndex((c) => c.id === connector.id)
          if (index === -1) added.push(connector)
          else added[index] = connector
          $connectors.set([...added])
        },
        addRecentWallet: (wallet) =>
          half.use((registry) => registry.addRecentWallet(wallet)).catch(failed),
      },
    }
  },
})
