import type { WritableAtom } from 'nanostores'
import type { LazyContext } from '../kernel/feature.js'
import { type WalletListing, type WalletPage, walletPage } from './listing.js'
import { RECOMMENDED_WALLETS, WALLETS_PAGE_SIZE } from './sizes.js'
import type { WalletsShell } from './types.js'

/** One page of the listing (`GET /getWallets`) for the app's networks, validated. */
export type GetWallets = (
  query: { page: number; entries: number; search?: string; include?: readonly string[] },
  signal?: AbortSignal,
) => Promise<WalletPage>

export function walletsRequest(context: LazyContext, { options }: WalletsShell): GetWallets {
  const exclude = options.excludeWalletIds ?? []
  const chains = context.options.networks.map((network) => network.id)
  return (query, signal) =>
    context.api.toolkit.get(
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

/** The recommended and featured wallets (once, unless it failed), and every page, 40 at a time. */
export function createLists(
  context: LazyContext,
  shell: WalletsShell,
  $recommended: WritableAtom<readonly WalletListing[]>,
  $pages: WritableAtom<readonly WalletListing[]>,
) {
  const { logger } = context
  const { options, stores } = shell
  const { $featured, $count, $page, $status, $listStatus } = stores
  const getWallets = walletsRequest(context, shell)
  let prefetched: Promise<void> | undefined
  let pageRequest: Promise<void> | undefined

  function fetchNextPage(): Promise<void> {
    if (pageRequest) return pageRequest
    const next = $page.get() + 1
    if (next > 1 && $pages.get().length >= $count.get()) return Promise.resolve()
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

  function prefetch(): Promise<void> {
    prefetched ??= (async () => {
      $listStatus.set('pending')
      const featuredIds = options.featuredWalletIds ?? []
      const [recommended, featured] = await Promise.allSettled([
        getWallets({ ...RECOMMENDED_WALLETS, include: options.includeWalletIds }),
        featuredIds.length
          ? getWallets({ page: 1, entries: featuredIds.length, include: featuredIds })
          : Promise.resolve({ count: 0, data: [] }),
      ])
      if (recommended.status === 'fulfilled') {
        const featuredSet = new Set(featuredIds)
        $recommended.set(recommended.value.data.filter((w) => !featuredSet.has(w.id)))
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

  return { prefetch, fetchNextPage }
}
