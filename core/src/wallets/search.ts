import type { LazyContext } from '../kernel/feature.js'
import { walletsRequest } from './lists.js'
import { WALLET_SEARCH_ENTRIES } from './sizes.js'
import type { WalletsShell } from './types.js'

/**
 * Search, 100 entries: asked once the user stopped typing (the shell waits, and shows the query
 * as pending meanwhile); a newer query's request cancels the older one, whose answer is dropped.
 */
export function createSearch(context: LazyContext, shell: WalletsShell) {
  const { $search } = shell.stores
  const { includeWalletIds } = shell.options
  const getWallets = walletsRequest(context, shell)
  let inFlight: AbortController | undefined

  async function ask(query: string) {
    inFlight?.abort()
    const controller = new AbortController()
    inFlight = controller
    $search.set({ ...$search.get(), query, status: 'pending' })
    try {
      const page = await getWallets(
        { page: 1, entries: WALLET_SEARCH_ENTRIES, search: query, include: includeWalletIds },
        controller.signal,
      )
      if (controller.signal.aborted) return
      $search.set({ query, results: page.data, count: page.count, status: 'success' })
    } catch (error) {
      if (controller.signal.aborted) return
      context.logger.error('wallet search failed', error)
      $search.set({ query, results: [], count: 0, status: 'error' })
    }
  }

  /** Asks for `query`; an empty one cancels what is under way. */
  function search(query: string) {
    if (query) void ask(query)
    else inFlight?.abort()
  }
  context.onDestroy(() => search(''))
  return { search }
}
