import { atom, computed, map, type ReadableAtom } from 'nanostores'
import type { ApiClient } from '../api/index.js'
import type { Connector } from '../connectors/index.js'
import { lazyModule } from '../kernel/lazy.js'
import type { Logger } from '../logger/index.js'
import type { PorticoNetwork } from '../options/index.js'
import {
  RECOMMENDED_WALLETS,
  WALLET_SEARCH_ENTRIES,
  WALLET_SEARCH_MIN_WAIT_MS,
  WALLETS_PAGE_SIZE,
} from './constants.js'
import type { WalletListing } from './listing.js'
import type { WalletSearch, WalletsStatus } from './types.js'

/** The listing's requests and their answers' checks: fetched when the modal first opens. */
const explorerCode = lazyModule('wallets', () => import('./explorer.js'))

export type WalletExplorer = {
  /** The first four listed wallets (page 1, 4 entries), minus installed and excluded ones. */
  $recommended: ReadableAtom<readonly WalletListing[]>
  /** The app's featured wallets, in the app's order. */
  $featured: ReadableAtom<readonly WalletListing[]>
  /** Every page loaded so far, in order, minus installed wallets. */
  $wallets: ReadableAtom<readonly WalletListing[]>
  /** How many wallets the listing has in all. */
  $count: ReadableAtom<number>
  $page: ReadableAtom<number>
  $status: ReadableAtom<WalletsStatus>
  /**
   * The recommended and featured wallets' request: `error` when the listing could not be reached
   * (offline, or a project id the service refuses); `prefetch()` tries again.
   */
  $listStatus: ReadableAtom<WalletsStatus>
  $hasMore: ReadableAtom<boolean>
  $search: ReadableAtom<WalletSearch>
  /** Object URLs of wallet images loaded so far, by image id. */
  $images: ReadableAtom<Readonly<Record<string, string>>>
  /** Recommended and featured wallets; once per client unless forced. */
  prefetch(): Promise<void>
  /** The next page of 40. */
  fetchNextPage(): Promise<void>
  /** Searches after the user stops typing for 300 ms (100 entries). Empty query clears. */
  search(query: string): void
  /** Loads a wallet image as an object URL (for wallets on screen). */
  loadImage(imageId: string): Promise<string | undefined>
  /** Revokes every image object URL. */
  releaseImages(): void
  find(id: string): WalletListing | undefined
  /** Fetches the listing's code (no request to the listing): the Connect view will need it. */
  loadCode(): void
  stop(): void
}

/**
 * The wallet explorer's shell: its stores and synchronous actions. The requests (listing pages,
 * search, images) and the listing's validators load on first use.
 */
export function createWallets({
  options,
  toolkit,
  $connectors,
  logger,
}: {
  options: {
    includeWalletIds: readonly string[]
    excludeWalletIds: readonly string[]
    featuredWalletIds: readonly string[]
    networks: readonly PorticoNetwork[]
  }
  toolkit: ApiClient
  $connectors: ReadableAtom<readonly Connector[]>
  logger: Logger
}): WalletExplorer {
  const stores = {
    $recommendedRaw: atom<readonly WalletListing[]>([]),
    $featured: atom<readonly WalletListing[]>([]),
    $pages: atom<readonly WalletListing[]>([]),
    $count: atom(0),
    $page: atom(0),
    $status: atom<WalletsStatus>('idle'),
    $listStatus: atom<WalletsStatus>('idle'),
    $search: atom<WalletSearch>({ query: '', results: [], count: 0, status: 'idle' }),
    $images: map<Record<string, string>>({}),
  }
  const {
    $recommendedRaw,
    $featured,
    $pages,
    $count,
    $page,
    $status,
    $listStatus,
    $search,
    $images,
  } = stores
  const requests = explorerCode.instance((code) =>
    code.createExplorerRequests({
      ...stores,
      options: { ...options, chains: options.networks.map((network) => network.id) },
      sizes: {
        recommended: RECOMMENDED_WALLETS,
        page: WALLETS_PAGE_SIZE,
        search: WALLET_SEARCH_ENTRIES,
      },
      toolkit,
      logger,
    }),
  )
  let searchTimer: ReturnType<typeof setTimeout> | undefined
  let stopped = false

  const installed = computed($connectors, (connectors) => {
    const ids = new Set<string>()
    for (const c of connectors) if (c.rdns) ids.add(c.rdns)
    return ids
  })
  const withoutInstalled = (wallets: readonly WalletListing[], ids: Set<string>) =>
    wallets.filter((wallet) => !wallet.rdns || !ids.has(wallet.rdns))

  /** A list whose code could not be fetched reads as a failed request. */
  const codeFailed = (what: string) => (error: unknown) => {
    logger.error(`could not load ${what}`, error)
  }

  return {
    $recommended: computed([$recommendedRaw, installed], withoutInstalled),
    $featured,
    $wallets: computed([$pages, installed], withoutInstalled),
    $count,
    $page,
    $status,
    $listStatus,
    $hasMore: computed(
      [$pages, $count, $page],
      (pages, count, page) => page === 0 || pages.length < count,
    ),
    $search,
    $images,
    prefetch: () =>
      requests
        .use((part) => part.prefetch())
        .catch((error: unknown) => {
          codeFailed('recommended wallets')(error)
          $listStatus.set('error')
        }),
    fetchNextPage() {
      // The first page is asked for as soon as the code is here: say so now.
      if (!requests.current()) $status.set('pending')
      return requests
        .use((part) => part.fetchNextPage())
        .catch((error: unknown) => {
          codeFailed('the wallet list')(error)
          $status.set('error')
        })
    },
    search(query) {
      clearTimeout(searchTimer)
      const trimmed = query.trim()
      if (!trimmed) {
        requests.current()?.stop()
        $search.set({ query: '', results: [], count: 0, status: 'idle' })
        return
      }
      $search.set({ ...$search.get(), query: trimmed, status: 'pending' })
      searchTimer = setTimeout(() => {
        requests
          .use((part) => {
            // The user cleared the box (or the client stopped) while the code was on its way.
            if (stopped || $search.get().query !== trimmed) return
            return part.search(trimmed)
          })
          .catch((error: unknown) => {
            codeFailed('wallet search')(error)
            if ($search.get().query === trimmed) {
              $search.set({ query: trimmed, results: [], count: 0, status: 'error' })
            }
          })
      }, WALLET_SEARCH_MIN_WAIT_MS)
    },
    loadImage(imageId) {
      const cached = $images.get()[imageId]
      if (cached) return Promise.resolve(cached)
      return requests
        .use((part) => part.loadImage(imageId))
        .catch((error: unknown) => {
          logger.warn(`could not load wallet image ${imageId}`, error)
          return undefined
        })
    },
    releaseImages() {
      for (const url of Object.values($images.get())) URL.revokeObjectURL(url)
      $images.set({})
    },
    find(id) {
      return [
        ...$featured.get(),
        ...$recommendedRaw.get(),
        ...$pages.get(),
        ...$search.get().results,
      ].find((wallet) => wallet.id === id)
    },
    loadCode() {
      // A failed fetch is not an error yet: the listing's first use fetches again and says so.
      explorerCode.load().catch(() => undefined)
    },
    stop() {
      stopped = true
      clearTimeout(searchTimer)
      requests.current()?.stop()
    },
  }
}
