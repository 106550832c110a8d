import type { AsyncState } from '../kernel/async.js'
import type { LazyContext } from '../kernel/feature.js'
import type { Transaction } from './api.js'
import { createHistoryRequests } from './requests.js'
import type {
  HistoryEntry,
  HistoryHalf,
  HistoryMemory,
  HistoryOutcome,
  HistoryShell,
} from './types.js'

/**
 * The history's heavy half (loaded the first time the list is shown or refreshed): the lists
 * read, by account and chain, and the requests that fill them. It writes what the shell's
 * stores show: the active account and chain's list, and whether it has a next page.
 */
export function createLazy(context: LazyContext, shell: HistoryShell): HistoryHalf {
  const { atom, computed } = context
  const { stores, connection } = shell
  const { $caipAddress } = connection
  // By CAIP address (account and chain): going back to an account shows its list at once.
  const memory: HistoryMemory = { $entries: atom({}), $outcomes: atom({}), $pending: atom({}) }
  const { $entries, $outcomes, $pending } = memory
  const requests = createHistoryRequests(context, memory, shell)

  const $shown = computed(
    [$entries, $outcomes, $pending, $caipAddress],
    (entries, outcomes, pending, caipAddress) => ({
      history: show(caipAddress, entries, outcomes, pending),
      hasMore: (caipAddress ? entries[caipAddress]?.next : null) != null,
    }),
  )
  context.onDestroy(
    $shown.subscribe(({ history, hasMore }) => {
      stores.$history.set(history)
      stores.$hasMore.set(hasMore)
    }),
  )
  const $connectedAt = computed(connection.$connection, (state) =>
    state.status === 'connected' ? state.caipAddress : undefined,
  )

  return {
    refresh: requests.loadFirstPage,
    fetchNextPage: requests.fetchNextPage,
    // While the list is shown, each account the wallet connects (and its chain) is read.
    follow: () =>
      $connectedAt.subscribe((caipAddress) => {
        if (caipAddress) void requests.loadFirstPage(false)
      }),
  }
}

/** What the list shows for an account and chain: its transactions, and how its last read went. */
function show(
  caipAddress: string | undefined,
  entries: Readonly<Record<string, HistoryEntry>>,
  outcomes: Readonly<Record<string, HistoryOutcome>>,
  pending: Readonly<Record<string, number>>,
): AsyncState<readonly Transaction[]> {
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
}
