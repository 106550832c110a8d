import { atom, computed, onMount, type ReadableAtom } from 'nanostores'
import { parseCaipAddress } from '../caip/index.js'
import { connectionFeature } from '../connection/index.js'
import { type AsyncState, toPorticoError } from '../kernel/async.js'
import { defineFeature } from '../kernel/feature.js'
import { networkFeature } from '../network/index.js'
import { toastFeature } from '../toast/index.js'
import { createHistoryApi, type Transaction } from './api.js'
import { visibleTransactions } from './display.js'

/** The connected account's transaction history (`client.history`). */
export type HistoryFeature = {
  /**
   * The active account's activity on the active chain, newest first, spam-only transactions
   * hidden. Subscribing loads the first page (and again when the account or chain changes).
   */
  $history: ReadableAtom<AsyncState<readonly Transaction[]>>
  /** Activity exists on eip155 only; elsewhere the list stays empty. */
  $isSupported: ReadableAtom<boolean>
  $hasMore: ReadableAtom<boolean>
  /** Loads the first page again (after a send, or when the account or chain changed). */
  refresh(): Promise<void>
  /** Loads the page after the last one, following `next`. */
  fetchNextPage(): Promise<void>
}

/** The connected account's transaction history, page by page. */
export const historyFeature = defineFeature({
  name: 'history',
  needs: [connectionFeature, networkFeature, toastFeature],
  create(context): { public: HistoryFeature; internal: HistoryFeature } {
    const connection = context.use(connectionFeature)
    const network = context.use(networkFeature)
    const toast = context.use(toastFeature)
    const api = createHistoryApi(context.api.blockchain)
    const $all = atom<readonly Transaction[]>([])
    const $next = atom<string | null>(null)
    const $loadedFor = atom<string | undefined>(undefined)
    const $status = atom<Pick<AsyncState<unknown>, 'status' | 'error'>>({
      status: 'idle',
      error: undefined,
    })
    const $caipAddress = connection.$caipAddress
    // Activity exists on eip155 only.
    const $isSupported = computed(network.$activeNamespace, (namespace) => namespace === 'eip155')
    let request: Promise<void> | undefined

    async function load(reset: boolean) {
      const caipAddress = $caipAddress.get()
      if (!$isSupported.get() || !caipAddress) {
        $all.set([])
        $next.set(null)
        $status.set({ status: 'idle', error: undefined })
        return
      }
      const { namespace, chainId, address } = parseCaipAddress(caipAddress)
      const cursor = reset ? undefined : ($next.get() ?? undefined)
      if (!reset && !cursor) return
      $status.set({ status: 'pending', error: undefined })
      try {
        const page = await api.getTransactions({
          account: address,
          chainId: `${namespace}:${chainId}`,
          cursor,
        })
        if ($caipAddress.get() !== caipAddress) return
        const known = reset ? [] : $all.get()
        const ids = new Set(known.map((t) => t.id))
        $all.set([...known, ...page.data.filter((t) => !ids.has(t.id))])
        $next.set(page.next)
        $loadedFor.set(caipAddress)
        $status.set({ status: 'success', error: undefined })
      } catch (error) {
        context.logger.error('could not load the transaction history', error)
        $status.set({ status: 'error', error: toPorticoError(error) })
        toast.showError({ key: 'history.fetchFailed' })
      }
    }

    function run(reset: boolean) {
      if (request && !reset) return request
      const current = load(reset).finally(() => {
        if (request === current) request = undefined
      })
      request = current
      return current
    }

    const $history = computed(
      [$all, $loadedFor, $caipAddress, $status],
      (all, loadedFor, caipAddress, status): AsyncState<readonly Transaction[]> => {
        let data: readonly Transaction[] = []
        if (caipAddress && loadedFor === caipAddress) {
          const { namespace, chainId } = parseCaipAddress(caipAddress)
          data = visibleTransactions(all, `${namespace}:${chainId}`)
        }
        return { ...status, data, isPending: status.status === 'pending' }
      },
    )
    // Fetch on use: while something shows it, follow the connected account (and its chain).
    const $connectedAt = computed(connection.$connection, (state) =>
      state.status === 'connected' ? state.caipAddress : undefined,
    )
    onMount($history, () =>
      $connectedAt.subscribe((caipAddress) => {
        if (caipAddress) void run(true)
      }),
    )
    const feature: HistoryFeature = {
      $history,
      $isSupported,
      $hasMore: computed($next, (next) => next !== null),
      refresh: () => run(true),
      fetchNextPage: () => run(false),
    }
    return { public: feature, internal: feature }
  },
})
