import { atom, computed, onMount, type ReadableAtom } from 'nanostores'
import { connectionFeature } from '../connection/index.js'
import { type AsyncState, toPorticoError } from '../kernel/async.js'
import { defineFeature } from '../kernel/feature.js'
import { lazyModule } from '../kernel/lazy.js'
import { networkFeature } from '../network/index.js'
import { toastFeature } from '../toast/index.js'
import type { Transaction } from './api.js'
import { HISTORY_CACHE_MS, HISTORY_RETRY_BLOCK_MS } from './constants.js'
import type { HistoryEntry, HistoryOutcome } from './types.js'

/** The requests, their sharing and their answers' checks: fetched when the history is first used. */
const requestsCode = lazyModule('history', () => import('./requests.js'))

/** The connected account's transaction history (`client.history`). */
export type HistoryFeature = {
  /**
   * The active account's activity on the active chain, newest first, spam-only transactions
   * hidden. Subscribing loads the first page (and again when the account or chain changes),
   * from memory when that account and chain were read less than 30 s ago.
   */
  $history: ReadableAtom<AsyncState<readonly Transaction[]>>
  /** Activity exists on eip155 only; elsewhere the list stays empty. */
  $isSupported: ReadableAtom<boolean>
  $hasMore: ReadableAtom<boolean>
  /**
   * Makes sure the first page is current. Callers share the request in flight; a list read less
   * than 30 s ago is kept without a request; after a failed request nothing is asked for 30 s.
   * `force` skips the 30 s memory (the app knows the history changed, e.g. after its own
   * transaction), but still shares a forced request in flight and respects the 30 s block.
   */
  refresh(parameters?: { force?: boolean }): Promise<void>
  /** Loads the page after the last one, following `next` (one request per page). */
  fetchNextPage(): Promise<void>
}

/**
 * What sibling features get. Their `refresh()` is the forced one: a sibling asks for the history
 * because it just changed it (send, once its transfer is mined), so the 30 s memory is stale.
 */
export type HistoryInternal = Omit<HistoryFeature, 'refresh'> & { refresh(): Promise<void> }

/**
 * The connected account's transaction history, page by page. Requests are shared, answers kept
 * 30 s per account and chain, and a failure blocks requests for 30 s, as balances do: ten
 * components (or ten clicks) asking at once make one request, and a failing service is not
 * hammered.
 */
export const historyFeature = defineFeature({
  name: 'history',
  needs: [connectionFeature, networkFeature, toastFeature],
  create(context): { public: HistoryFeature; internal: HistoryInternal } {
    const connection = context.use(connectionFeature)
    const network = context.use(networkFeature)
    const toast = context.use(toastFeature)
    // By CAIP address (account and chain): going back to an account shows its list at once.
    const $entries = atom<Readonly<Record<string, HistoryEntry>>>({})
    const $outcomes = atom<Readonly<Record<string, HistoryOutcome>>>({})
    const $pending = atom<Readonly<Record<string, number>>>({})
    const $caipAddress = connection.$caipAddress
    // Activity exists on eip155 only.
    const $isSupported = computed(network.$activeNamespace, (namespace) => namespace === 'eip155')
    const requests = requestsCode.instance((code) =>
      code.createHistoryRequests(context, {
        $entries,
        $outcomes,
        $pending,
        $isSupported,
        $caipAddress,
        toast,
        cacheMs: HISTORY_CACHE_MS,
        retryBlockMs: HISTORY_RETRY_BLOCK_MS,
      }),
    )
    // A request failure is shown by the requests themselves; these promises never reject. When
    // their code cannot be fetched, the list says so the same way (error state and toast).
    const codeFailed = (cause: unknown) => {
      const caipAddress = $caipAddress.get()
      if (!caipAddress) return
      const error = toPorticoError(cause)
      $outcomes.set({
        ...$outcomes.get(),
        [caipAddress]: { status: 'error', error, generation: 0 },
      })
      toast.showError({ key: 'history.fetchFailed' })
    }
    const loadFirstPage = (force: boolean) =>
      requests.use((part) => part.loadFirstPage(force)).catch(codeFailed)
    const fetchNextPage = () => requests.use((part) => part.fetchNextPage()).catch(codeFailed)

    const $history = computed(
      [$entries, $outcomes, $pending, $caipAddress],
      (entries, outcomes, pending, caipAddress): AsyncState<readonly Transaction[]> => {
        if (!caipAddress) return { status: 'idle', data: [], error: undefined, isPending: false }
        const entry = entries[caipAddress]
        const outcome = outcomes[caipAddress]
        const data = entry?.transactions ?? []
        if ((pending[caipAddress] ?? 0) > 0) {
          return { status: 'pending', data, error: undefined, isPending: true }
        }
        return {
          status: outcome?.status ?? (entry ? 'success' : 'idle'),
          data,
          error: outcome?.error,
          isPending: false,
        }
      },
    )
    // Fetch on use: while something shows it, follow the connected account (and its chain).
    const $connectedAt = computed(connection.$connection, (state) =>
      state.status === 'connected' ? state.caipAddress : undefined,
    )
    onMount($history, () =>
      $connectedAt.subscribe((caipAddress) => {
        if (caipAddress) void loadFirstPage(false)
      }),
    )
    const $hasMore = computed(
      [$entries, $caipAddress],
      (entries, caipAddress) => (caipAddress ? entries[caipAddress]?.next : null) != null,
    )
    const feature: HistoryFeature = {
      $history,
      $isSupported,
      $hasMore,
      refresh: (parameters) => loadFirstPage(parameters?.force ?? false),
      fetchNextPage,
    }
    return { public: feature, internal: { ...feature, refresh: () => loadFirstPage(true) } }
  },
})
