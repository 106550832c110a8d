import { atom, computed } from 'nanostores'
import { connectionFeature } from '../connection/index.js'
import { errorState, idleState } from '../kernel/async.js'
import { defineFeature } from '../kernel/feature.js'
import { networkFeature } from '../network/index.js'
import { toastFeature } from '../toast/index.js'
import type { HistoryFeature, HistoryHalf, HistoryInternal, HistoryShell } from './types.js'

/**
 * The connected account's transaction history, page by page. The shell holds what the list
 * shows; the requests (`lazy.ts`: shared, kept 30 s per account and chain, blocked 30 s after a
 * failure, as balances do) come the first time the list is shown or refreshed.
 */
export const historyFeature = defineFeature({
  name: 'history',
  needs: [connectionFeature, networkFeature, toastFeature],
  lazy: () => import('./lazy.js'),
  create(context, _options, lazy): { public: HistoryFeature; internal: HistoryInternal } {
    const connection = context.use(connectionFeature)
    const toast = context.use(toastFeature)
    const stores: HistoryShell['stores'] = { $history: atom(idleState([])), $hasMore: atom(false) }
    // Activity exists on eip155 only.
    const $isSupported = computed(
      context.use(networkFeature).$activeNamespace,
      (namespace) => namespace === 'eip155',
    )
    const half = lazy({ stores, $isSupported, connection, toast })
    half.whileShown(stores.$history, (history) => history.follow())
    // A request's failure is shown by the half (an error and a toast): these promises never
    // reject. When its code cannot be fetched, the list says so the same way.
    const read = (task: (history: HistoryHalf) => Promise<void>) =>
      half.use(task).catch((error) => {
        if (!connection.$caipAddress.get()) return
        stores.$history.set(errorState(stores.$history.get(), error))
        toast.showError({ key: 'history.fetchFailed' })
      })
    const feature: HistoryFeature = {
      ...stores,
      $isSupported,
      refresh: (parameters) => read((history) => history.refresh(parameters?.force ?? false)),
      fetchNextPage: () => read((history) => history.fetchNextPage()),
    }
    return {
      public: feature,
      internal: { ...feature, refresh: () => read((history) => history.refresh(true)) },
    }
  },
})
