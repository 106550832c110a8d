import { atom, computed, map, type ReadableAtom } from 'nanostores'
import type { ApiClient } from '../api/index.js'
import type { Connector } from '../connectors/index.js'
import type { AsyncStatus } from '../kernel/async.js'
import type { Logger } from '../logger/index.js'
import type { PorticoNetwork } from '../options/index.js'
import {
  RECOMMENDED_WALLETS,
  WALLET_SEARCH_ENTRIES,
  WALLET_SEARCH_MIN_WAIT_MS,
  WALLETS_PAGE_SIZE,
} from './constants.js'
import { type WalletListing, type WalletPage, walletPage } from './listing.js'

/** Where a wallet list request is. */
export type WalletsStatus = AsyncStatus

/** A wallet search and its results. */
export type WalletSearch = {
  query: string
  results: readonly WalletListing[]
  count: number
  status: WalletsStatus
}

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
  stop(): void
}

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
  const $recommendedRaw = atom<readonly WalletListing[]>([])
  const $featured = atom<readonly WalletListing[]>([])
  const $pages = atom<readonly WalletListing[]>([])
  const $count = atom(0)
  const $page = atom(0)
  const $status = atom<WalletsStatus>('idle')
  const $listStatus = atom<WalletsStatus>('idle')
  const $search = atom<WalletSearch>({ query: '', results: [], count: 0, status: 'idle' })
  const $images = map<Record<string, string>>({})
  const imageRequests = new Map<string, Promise<string | undefined>>()
  let prefetched: Promise<void> | undefined
  let pageRequest: Promise<void> | undefined
  let searchTimer: ReturnType<typeof setTimeout> | undefined
  let searchAbort: AbortController | undefined

  const installed = computed($connectors, (connectors) => {
    const ids = new Set<string>()
    for (const c of connectors) if (c.rdns) ids.add(c.rdns)
    return ids
  })
  const withoutInstalled = (wallets: readonly WalletListing[], ids: Set<string>) =>
    wallets.filter((wallet) => !wallet.rdns || !ids.has(wallet.rdns))

  const chains = options.networks.map((network) => network.id)
  const exclude = options.excludeWalletIds

  function getWallets(
    query: { page: number; entries: number; search?: string; include?: readonly string[] },
    signal?: AbortSignal,
  ): Promise<WalletPage> {
    return toolkit.get(
      'getWallets',
      {
        page: query.page,
        entries: query.entries,
        search: query.search,
        include: query.include?.length ? query.include : undefined,
        exclude: exclude.length ? exclude : undefined,
        chains,
      },
      walletPage(query.entries),
      { signal },
    )
  }

  async function fetchNextPage() {
    if (pageRequest) return pageRequest
    const next = $page.get() + 1
    if (next > 1 && $pages.get().length >= $count.get()) return
    $status.set('pending')
    pageRequest = getWallets({
      page: next,
      entries: WALLETS_PAGE_SIZE,
      include: options.includeWalletIds,
    })
      .then((page) => {
        const known = new Set($pages.get().map((w) => w.id))
        $pages.set([...$pages.get(), ...page.data.filter((w) => !known.has(w.id))])
        $count.set(page.count)
        $page.set(next)
        $status.set('success')
      })
      .catch((error) => {
        logger.error('could not load the wallet list', error)
        $status.set('error')
      })
      .finally(() => {
        pageRequest = undefined
      })
    return pageRequest
  }

  async function runSearch(query: string) {
    searchAbort?.abort()
    const controller = new AbortController()
    searchAbort = controller
    $search.set({ ...$search.get(), query, status: 'pending' })
    try {
      const page = await getWallets(
        {
          page: 1,
          entries: WALLET_SEARCH_ENTRIES,
          search: query,
          include: options.includeWalletIds,
        },
        controller.signal,
      )
      if (controller.signal.aborted) return
      $search.set({ query, results: page.data, count: page.count, status: 'success' })
    } catch (error) {
      if (controller.signal.aborted) return
      logger.error('wallet search failed', error)
      $search.set({ query, results: [], count: 0, status: 'error' })
    }
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
    prefetch() {
      prefetched ??= (async () => {
        $listStatus.set('pending')
        const featuredIds = options.featuredWalletIds
        const [recommended, featured] = await Promise.allSettled([
          getWallets({
            page: RECOMMENDED_WALLETS.page,
            entries: RECOMMENDED_WALLETS.entries,
            include: options.includeWalletIds,
          }),
          featuredIds.length
            ? getWallets({ page: 1, entries: featuredIds.length, include: featuredIds })
            : Promise.resolve({ count: 0, data: [] }),
        ])
        if (recommended.status === 'fulfilled') {
          const featuredSet = new Set(featuredIds)
          $recommendedRaw.set(recommended.value.data.filter((w) => !featuredSet.has(w.id)))
        } else {
          logger.error('could not load recommended wallets', recommended.reason)
          prefetched = undefined
        }
        $listStatus.set(recommended.status === 'fulfilled' ? 'success' : 'error')
        if (featured.status === 'fulfilled') {
          const byId = new Map(featured.value.data.map((w) => [w.id, w]))
          $featured.set(featuredIds.flatMap((id) => byId.get(id) ?? []))
        }
      })()
      return prefetched
    },
    fetchNextPage,
    search(query) {
      clearTimeout(searchTimer)
      const trimmed = query.trim()
      if (!trimmed) {
        searchAbort?.abort()
        $search.set({ query: '', results: [], count: 0, status: 'idle' })
        return
      }
      $search.set({ ...$search.get(), query: trimmed, status: 'pending' })
      searchTimer = setTimeout(() => void runSearch(trimmed), WALLET_SEARCH_MIN_WAIT_MS)
    },
    loadImage(imageId) {
      const cached = $images.get()[imageId]
      if (cached) return Promise.resolve(cached)
      let request = imageRequests.get(imageId)
      if (!request) {
        request = toolkit
          .getImage(`getWalletImage/${encodeURIComponent(imageId)}`)
          .then((blob) => {
            const url = URL.createObjectURL(blob)
            $images.setKey(imageId, url)
            return url
          })
          .catch((error) => {
            logger.warn(`could not load wallet image ${imageId}`, error)
            return undefined
          })
          .finally(() => imageRequests.delete(imageId))
        imageRequests.set(imageId, request)
      }
      return request
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
    stop() {
      clearTimeout(searchTimer)
      searchAbort?.abort()
    },
  }
}
