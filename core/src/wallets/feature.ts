import { atom, computed, onMount } from 'nanostores'
import { preloadApiClient } from '../api/lazyApiClient.js'
import { connectionFeature } from '../connection/index.js'
import { type Connector, connectorsFeature, orderConnectors } from '../connectors/index.js'
import { isPorticoError } from '../errors/index.js'
import { defineFeature } from '../kernel/feature.js'
import { afterPaint } from '../kernel/schedule.js'
import { modalFeature } from '../modal/feature.js'
import { walletConnectFeature } from '../walletconnect/index.js'
import { WALLET_SEARCH_MIN_WAIT_MS } from './constants.js'
import type { WalletSearch, WalletsAtoms, WalletsFeature, WalletsOptions } from './types.js'

const NO_SEARCH: WalletSearch = { query: '', results: [], count: 0, status: 'idle' }

/**
 * The wallet explorer (recommended, featured, every page, search, images) and the Connect list.
 * Nothing is fetched before the modal first opens. The shell holds the stores, the Connect list
 * and what a keystroke or a click needs at once; the listing's requests, checks, search and
 * images (`lazy.ts`) come when the modal is about to open or an explorer UI shows the lists.
 */
export const walletsFeature = defineFeature({
  name: 'wallets',
  needs: [connectorsFeature, connectionFeature, walletConnectFeature, modalFeature],
  // Lists of ids, each empty unless given: read where they are used.
  options: (input: WalletsOptions) => input,
  lazy: () => import('./lazy.js'),
  create(context, options, lazy): { public: WalletsFeature } {
    const { logger } = context
    const { projectId } = context.options
    const connectors = context.use(connectorsFeature)
    const modal = context.use(modalFeature)
    const stores: WalletsAtoms = {
      $recommended: atom([]),
      $featured: atom([]),
      $wallets: atom([]),
      $count: atom(0),
      $page: atom(0),
      $status: atom('idle'),
      $listStatus: atom('idle'),
      $hasMore: atom(true),
      $search: atom(NO_SEARCH),
      $images: atom({}),
    }
    const { $status, $listStatus, $search } = stores
    function installedConnector(wallet: { rdns?: string }): Connector | undefined {
      return wallet.rdns
        ? connectors.$connectors.get().find((connector) => connector.rdns === wallet.rdns)
        : undefined
    }
    const connection = context.use(connectionFeature)
    const walletConnect = context.use(walletConnectFeature)
    const half = lazy({ stores, options, $connectors: connectors.$connectors, modal })

    /** A use whose code could not be fetched reads as a failed request (logged unless destroyed). */
    const failed =
      <T>(what: string, show: () => T, log = logger.error) =>
      (error: unknown) => {
        if (!isPorticoError(error, 'ABORTED')) log(`could not load ${what}`, error)
        return show()
      }
    const prefetch = () =>
      half
        .use((wallets) => wallets.prefetch())
        .catch(failed('recommended wallets', () => $listStatus.set('error')))

    // What an explorer UI shows: the same lists, asked for when first shown (once). The Connect
    // list reads them without asking: a custom connect button at page load makes no request; the
    // modal asks when it opens.
    const $recommended = computed(stores.$recommended, (list) => list)
    const $featured = computed(stores.$featured, (list) => list)
    // The listing is a hosted service that needs the project id: without one there is no
    // listing, so no code either.
    if (projectId) {
      for (const $list of [$recommended, $featured]) onMount($list, () => void prefetch())
      // The Connect view and All Wallets show the listing: its code and the requests' come before
      // the click (idle, pointer over or focus on the button), so opening the modal downloads
      // nothing first.
      context.onDestroy(
        modal.onPrefetch((view) => {
          if (view === 'Connect' || view === 'AllWallets') {
            // A failed fetch is not an error yet: the listing's first use fetches again and says so.
            half.get().catch(() => undefined)
            preloadApiClient()
          }
        }),
      )
    }
    let cancel: (() => void) | undefined
    let searchTimer: ReturnType<typeof setTimeout> | undefined
    context.onDestroy(() => {
      cancel?.()
      clearTimeout(searchTimer)
    })
    context.onDestroy(
      modal.onOpenChange((open) => {
        cancel?.()
        // Asked after the first frame of the open modal, so the click stays a short task.
        if (open && projectId) cancel = afterPaint(() => void prefetch())
      }),
    )

    return {
      public: {
        ...stores,
        $recommended,
        $featured,
        prefetch,
        fetchNextPage() {
          // The first page is asked for as soon as the code is here: say so now.
          if (!half.current()) $status.set('pending')
          return half
            .use((wallets) => wallets.fetchNextPage())
            .catch(failed('the wallet list', () => $status.set('error')))
        },
        search(query) {
          clearTimeout(searchTimer)
          const trimmed = query.trim()
          if (!trimmed) {
            half.current()?.search('')
            $search.set(NO_SEARCH)
            return
          }
          $search.set({ ...$search.get(), query: trimmed, status: 'pending' })
          const current = () => $search.get().query === trimmed
          searchTimer = setTimeout(() => {
            half
              // The user cleared the box or typed on while the code was on its way.
              .use((wallets) => current() && wallets.search(trimmed))
              .catch(
                failed('wallet search', () => {
                  if (current()) $search.set({ ...NO_SEARCH, query: trimmed, status: 'error' })
                }),
              )
          }, WALLET_SEARCH_MIN_WAIT_MS)
        },
        loadImage: (imageId) =>
          half
            .use((wallets) => wallets.loadImage(imageId))
            .catch(failed(`wallet image ${imageId}`, () => undefined, logger.warn)),
        releaseImages: () => half.current()?.releaseImages(),
        find: (id) => half.current()?.find(id),
        $connectList: computed(
          [
            connectors.$connectors,
            connectors.$recentWallets,
            stores.$featured,
            stores.$recommended,
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
        // A click's own: what it picked shows at once, and an extension is asked without waiting
        // for the listing's code.
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
