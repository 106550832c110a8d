import type { ApiClient } from '../api/index.js'
import type { Logger } from '../logger/index.js'
import { type WalletPage, walletPage } from './listing.js'
import type { ExplorerStores } from './types.js'

export type ExplorerRequestsParameters = ExplorerStores & {
  options: {
    includeWalletIds: readonly string[]
    excludeWalletIds: readonly string[]
    featuredWalletIds: readonly string[]
    /** CAIP-2 ids of the app's networks: the listing keeps wallets for them. */
    chains: readonly string[]
  }
  /** The listing's page sizes (the feature's constants). */
  sizes: { recommended: { page: number; entries: number }; page: number; search: number }
  toolkit: ApiClient
  logger: Logger
}

/** When image answers are put on screen together: the next frame, or soon without frames. */
function onNextFrame(flush: () => void) {
  const frame = globalThis.requestAnimationFrame
  if (typeof frame !== 'function' || typeof document === 'undefined') {
    queueMicrotask(flush)
    return
  }
  // A hidden page gets no frames: the timer makes sure the images still arrive.
  let done = false
  const once = () => {
    if (done) return
    done = true
    clearTimeout(timer)
    flush()
  }
  const timer = setTimeout(once, 100)
  frame(once)
}

/**
 * The wallet explorer's requests (loaded when the modal first opens or an explorer UI shows):
 * the listing's pages, search and images, each answer validated, written into the shell's
 * stores. Images that arrive together are shown together: one store update (one render) per
 * frame, not one per image.
 */
export function createExplorerRequests({
  options,
  sizes,
  toolkit,
  logger,
  $recommendedRaw,
  $featured,
  $pages,
  $count,
  $page,
  $status,
  $listStatus,
  $search,
  $images,
}: ExplorerRequestsParameters) {
  const imageRequests = new Map<string, Promise<string | undefined>>()
  const arrived: { id: string; url: string; done: (url: string) => void }[] = []
  let prefetched: Promise<void> | undefined
  let pageRequest: Promise<void> | undefined
  let searchAbort: AbortController | undefined
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
        chains: options.chains,
      },
      walletPage(query.entries),
      { signal },
    )
  }

  function fetchNextPage(): Promise<void> {
    if (pageRequest) return pageRequest
    const next = $page.get() + 1
    if (next > 1 && $pages.get().length >= $count.get()) return Promise.resolve()
    $status.set('pending')
    pageRequest = getWallets({
      page: next,
      entries: sizes.page,
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

  async function search(query: string) {
    searchAbort?.abort()
    const controller = new AbortController()
    searchAbort = controller
    $search.set({ ...$search.get(), query, status: 'pending' })
    try {
      const page = await getWallets(
        {
          page: 1,
          entries: sizes.search,
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

  function prefetch(): Promise<void> {
    prefetched ??= (async () => {
      $listStatus.set('pending')
      const featuredIds = options.featuredWalletIds
      const [recommended, featured] = await Promise.allSettled([
        getWallets({
          page: sizes.recommended.page,
          entries: sizes.recommended.entries,
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
  }

  function flushImages() {
    const batch = arrived.splice(0)
    if (batch.length === 0) return
    const next = { ...$images.get() }
    for (const { id, url } of batch) next[id] = url
    $images.set(next)
    for (const { url, done } of batch) done(url)
  }

  function loadImage(imageId: string): Promise<string | undefined> {
    const cached = $images.get()[imageId]
    if (cached) return Promise.resolve(cached)
    let request = imageRequests.get(imageId)
    if (!request) {
      request = toolkit
        .getImage(`getWalletImage/${encodeURIComponent(imageId)}`)
        .then(
          (blob) =>
            new Promise<string>((done) => {
              if (arrived.length === 0) onNextFrame(flushImages)
              arrived.push({ id: imageId, url: URL.createObjectURL(blob), done })
            }),
        )
        .catch((error) => {
          logger.warn(`could not load wallet image ${imageId}`, error)
          return undefined
        })
        .finally(() => imageRequests.delete(imageId))
      imageRequests.set(imageId, request)
    }
    return request
  }

  return {
    prefetch,
    fetchNextPage,
    search,
    loadImage,
    stop() {
      searchAbort?.abort()
    },
  }
}
