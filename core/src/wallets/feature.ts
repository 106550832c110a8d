import { computed, onMount, type ReadableAtom } from 'nanostores'
import { preloadApiClient } from '../api/index.js'
import { type ConnectReturnType, connectionFeature } from '../connection/index.js'
import {
  type ConnectItem,
  type Connector,
  type CustomWallet,
  connectorsFeature,
  type ListedWallet,
  orderConnectors,
} from '../connectors/index.js'
import { defineFeature } from '../kernel/feature.js'
import { afterPaint } from '../kernel/schedule.js'
import { modalFeature } from '../modal/feature.js'
import { walletConnectFeature } from '../walletconnect/index.js'
import { createWallets, type WalletExplorer } from './createWallets.js'

/** The wallet-list options of `createPortico`. */
export type WalletsOptions = {
  /** Explorer ids to list exclusively. */
  includeWalletIds?: readonly string[]
  /** Explorer ids (or rdns) never to list. */
  excludeWalletIds?: readonly string[]
  /** Explorer ids to list first, in this order. */
  featuredWalletIds?: readonly string[]
  /** Wallets the app lists itself. */
  customWallets?: readonly CustomWallet[]
}

/** The wallet explorer and the Connect list (`client.wallets`). */
export type WalletsFeature = Omit<WalletExplorer, 'stop' | 'loadCode'> & {
  /** The Connect view's list: groups in the configured order, each wallet once, recent marked. */
  $connectList: ReadableAtom<readonly ConnectItem[]>
  /** The browser extension of a listed wallet, when this browser has it. */
  installedConnector(wallet: ListedWallet): Connector | undefined
  /**
   * Connects a listed wallet: through its browser extension when this browser has it, through
   * WalletConnect otherwise (the pairing URI then appears on `client.walletConnect`).
   */
  connect(wallet: ListedWallet): Promise<ConnectReturnType | undefined>
}

/**
 * The wallet explorer (recommended, featured, every page, search, images) and the Connect list.
 * Nothing is fetched before the modal first opens.
 */
export const walletsFeature = defineFeature({
  name: 'wallets',
  needs: [connectorsFeature, connectionFeature, walletConnectFeature, modalFeature],
  options(input: WalletsOptions) {
    return {
      includeWalletIds: input.includeWalletIds ?? [],
      excludeWalletIds: input.excludeWalletIds ?? [],
      featuredWalletIds: input.featuredWalletIds ?? [],
      customWallets: input.customWallets ?? [],
    }
  },
  create(context, options): { public: WalletsFeature } {
    const connectors = context.use(connectorsFeature)
    const connection = context.use(connectionFeature)
    const walletConnect = context.use(walletConnectFeature)
    const modal = context.use(modalFeature)
    const { stop, loadCode, ...explorer } = createWallets({
      options: { ...options, networks: context.options.networks },
      toolkit: context.api.toolkit,
      $connectors: connectors.$connectors,
      logger: context.logger,
    })
    context.onDestroy(stop)
    // Fetch on use: an explorer UI that shows the recommended or featured wallets loads them
    // (once). The Connect list reads the same lists without asking for them: a custom connect
    // button at page load makes no request; the modal asks when it opens.
    const $recommended = computed(explorer.$recommended, (list) => list)
    const $featured = computed(explorer.$featured, (list) => list)
    for (const $list of [$recommended, $featured]) {
      onMount($list, () => {
        if (context.options.projectId) void explorer.prefetch()
      })
    }
    // The Connect view and All Wallets show the listing: its code and the requests' come before the
    // click (idle, pointer over or focus on the button), so opening the modal downloads nothing
    // first. Without a project id there is no listing, so no code either.
    context.onDestroy(
      modal.onPrefetch((view) => {
        if (context.options.projectId && (view === 'Connect' || view === 'AllWallets')) {
          loadCode()
          preloadApiClient()
        }
      }),
    )
    let cancel: (() => void) | undefined
    context.onDestroy(() => cancel?.())
    context.onDestroy(
      modal.onOpenChange((open) => {
        cancel?.()
        if (!open) explorer.releaseImages()
        // The listing is a hosted service that needs the project id. Asked after the first frame
        // of the open modal, so the click stays a short task.
        else if (context.options.projectId) cancel = afterPaint(() => void explorer.prefetch())
      }),
    )

    function installedConnector(wallet: ListedWallet): Connector | undefined {
      if (!wallet.rdns) return undefined
      return connectors.$connectors.get().find((connector) => connector.rdns === wallet.rdns)
    }

    return {
      public: {
        ...explorer,
        $recommended,
        $featured,
        $connectList: computed(
          [
            connectors.$connectors,
            connectors.$recentWallets,
            explorer.$featured,
            explorer.$recommended,
          ],
          (list, recent, featured, recommended) =>
            orderConnectors({
              connectors: list,
              recent,
              featured,
              recommended,
              custom: options.customWallets,
              order: context.options.features.connectorTypeOrder,
            }),
        ),
        installedConnector,
        connect(wallet) {
          const extension = installedConnector(wallet)
          if (extension) return connection.connect({ connectorId: extension.id })
          walletConnect.selectWallet(wallet)
          return walletConnect.startPairing()
        },
      },
    }
  },
})
