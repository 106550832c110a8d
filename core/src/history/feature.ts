import { atom, computed, onMount, type ReadableAtom } from 'nanostores'
import { parseCaipAddress } from '../caip/index.js'
import { connectionFeature } from '../connection/index.js'
import { type AsyncState, toPorticoError } from '../kernel/async.js'
import { defineFeature } from '../kernel/feature.js'
import { networkFeature } from '../network/index.js'
import { toastFeature } from '../toast/index.js'
import { createHistoryApi, type Transaction } from './api.js'
import { HISTORY_CACHE_MS, HISTORY_RETRY_BLOCK_MS } from './constants.js'
import { visibleTransactions } from './display.js'

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

/** One account and chain's loaded list. */
type Entry = {
  transactions: readonly Transaction[]
  next: string | null
  /** When the first page was answered: the age of the 30 s memory. */
  loadedAt: number
  /** The request the first page came from; an older request's answer never replaces it. */
  generation: number
}
type Outcome = Pick<AsyncState<unknown>, 'status' | 'error'> & { generation: number }
type Target = { caipAddress: string; address: string; networkId: string }
/** A forced read under way, and the one queued to run after it. */
type ForcedFlight = { running: Promise<void>; queued?: Promise<void> }

const resolved = Promise.resolve()

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
    const { clock, logger } = context
    const api = createHistoryApi(context.api.blockchain)
    // By CAIP address (account and chain): going back to an account shows its list at once.
    const $entries = atom<Readonly<Record<string, Entry>>>({})
    const $outcomes = atom<Readonly<Record<string, Outcome>>>({})
    const $pending = atom<Readonly<Record<string, number>>>({})
    const $caipAddress = connection.$caipAddress
    // Activity exists on eip155 only.
    const $isSupported = computed(network.$activeNamespace, (namespace) => namespace === 'eip155')
    // Plain first-page reads and next pages, by key; forced reads apart (see forcedRead).
    const inflight = new Map<string, Promise<void>>()
    const forcedFlights = new Map<string, ForcedFlight>()
    let generation = 0
    let blockedUntil = Number.NEGATIVE_INFINITY

    function target(): Target | undefined {
      const caipAddress = $caipAddress.get()
      if (!$isSupported.get() || !caipAddress) return undefined
      const { namespace, chainId, address } = parseCaipAddress(caipAddress)
      return { caipAddress, address, networkId: `${namespace}:${chainId}` }
    }

    function setOutcome(caipAddress: string, outcome: Outcome) {
      const previous = $outcomes.get()[caipAddress]
      if (previous && previous.generation > outcome.generation) return
      $outcomes.set({ ...$outcomes.get(), [caipAddress]: outcome })
    }

    /** Runs one request for `caipAddress`, counted as pending while it lasts. */
    async function request<T>(
      caipAddress: string,
      mine: number,
      call: () => Promise<T>,
      onAnswer: (answer: T) => void,
    ) {
      const count = (delta: number) => {
        const pending = ($pending.get()[caipAddress] ?? 0) + delta
        $pending.set({ ...$pending.get(), [caipAddress]: pending })
      }
      count(1)
      try {
        const answer = await call()
        onAnswer(answer)
        setOutcome(caipAddress, { status: 'success', error: undefined, generation: mine })
      } catch (cause) {
        logger.error('could not load the transaction history', cause)
        blockedUntil = clock.now() + HISTORY_RETRY_BLOCK_MS
        setOutcome(caipAddress, { status: 'error', error: toPorticoError(cause), generation: mine })
        toast.showError({ key: 'history.fetchFailed' })
      } finally {
        count(-1)
      }
    }

    function share(key: string, start: () => Promise<void>): Promise<void> {
      const running = start().finally(() => {
        if (inflight.get(key) === running) inflight.delete(key)
      })
      inflight.set(key, running)
      return running
    }

    /** Reads the first page now (unless blocked), replacing the list unless a newer one came. */
    function readFirstPage({ caipAddress, address, networkId }: Target): Promise<void> {
      if (clock.now() < blockedUntil) return resolved
      const mine = ++generation
      return request(
        caipAddress,
        mine,
        () => api.getTransactions({ account: address, chainId: networkId }),
        (page) => {
          const current = $entries.get()[caipAddress]
          if (current && current.generation > mine) return
          $entries.set({
            ...$entries.get(),
            [caipAddress]: {
              transactions: unique(page.data),
              next: page.next,
              loadedAt: clock.now(),
              generation: mine,
            },
          })
        },
      )
    }

    /**
     * A forced read must answer with what was on the chain when it was asked for: a request
     * already on its way may have left before the caller's transaction was mined. So a forced
     * call during a forced request waits for one more read after it, shared by every forced
     * call in the meantime: a burst of them costs at most two requests.
     */
    function forcedRead(account: Target): Promise<void> {
      const key = account.caipAddress
      const flight = forcedFlights.get(key)
      if (flight) {
        flight.queued ??= flight.running.then(() => {
          if (forcedFlights.get(key) === flight) forcedFlights.delete(key)
          return forcedRead(account)
        })
        return flight.queued
      }
      if (clock.now() < blockedUntil) return resolved
      const started: ForcedFlight = { running: resolved }
      started.running = readFirstPage(account).finally(() => {
        // With a read queued behind it, that read takes the place when it starts.
        if (!started.queued && forcedFlights.get(key) === started) forcedFlights.delete(key)
      })
      forcedFlights.set(key, started)
      return started.running
    }

    function loadFirstPage(force: boolean): Promise<void> {
      const account = target()
      if (!account) return resolved
      if (force) return forcedRead(account)
      const { caipAddress } = account
      // A forced read under way means the list in memory is known to be stale: wait for it.
      const flight = forcedFlights.get(caipAddress)
      const forced = flight?.queued ?? flight?.running
      if (forced) return forced
      const entry = $entries.get()[caipAddress]
      if (entry && clock.now() - entry.loadedAt < HISTORY_CACHE_MS) return resolved
      const joined = inflight.get(caipAddress)
      if (joined) return joined
      if (clock.now() < blockedUntil) return resolved
      return share(caipAddress, () => readFirstPage(account))
    }

    function fetchNextPage(): Promise<void> {
      const account = target()
      if (!account) return resolved
      const { caipAddress, address, networkId } = account
      const base = $entries.get()[caipAddress]
      const cursor = base?.next
      if (!base || !cursor) return resolved
      const key = `${caipAddress}|next|${cursor}`
      const joined = inflight.get(key)
      if (joined) return joined
      if (clock.now() < blockedUntil) return resolved
      const mine = ++generation
      return share(key, () =>
        request(
          caipAddress,
          mine,
          () => api.getTransactions({ account: address, chainId: networkId, cursor }),
          (page) => {
            // The list was read again meanwhile: this page continued the old one.
            if ($entries.get()[caipAddress] !== base) return
            $entries.set({
              ...$entries.get(),
              [caipAddress]: {
                ...base,
                transactions: unique([...base.transactions, ...page.data]),
                next: page.next,
              },
            })
          },
        ),
      )
    }

    const $history = computed(
      [$entries, $outcomes, $pending, $caipAddress],
      (entries, outcomes, pending, caipAddress): AsyncState<readonly Transaction[]> => {
        if (!caipAddress) return { status: 'idle', data: [], error: undefined, isPending: false }
        const entry = entries[caipAddress]
        const outcome = outcomes[caipAddress]
        const { namespace, chainId } = parseCaipAddress(caipAddress)
        const data = entry ? visibleTransactions(entry.transactions, `${namespace}:${chainId}`) : []
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

/** Pages can overlap when transactions arrive between two requests: each id is shown once. */
function unique(transactions: readonly Transaction[]): Transaction[] {
  const seen = new Set<string>()
  return transactions.filter((transaction) => {
    if (seen.has(transaction.id)) return false
    seen.add(transaction.id)
    return true
  })
}
