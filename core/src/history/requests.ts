import type { LazyContext } from '../kernel/feature.js'
import { toPorticoError } from '../kit.js'
import { createHistoryApi, type Transaction } from './api.js'
import { HISTORY_CACHE_MS, HISTORY_RETRY_BLOCK_MS } from './tuning.js'
import type { HistoryMemory, HistoryOutcome, HistoryShell } from './types.js'
import { visibleTransactions } from './visible.js'

type Target = { caipAddress: string; address: string; networkId: string }
/** A forced read under way, and the one queued to run after it. */
type ForcedFlight = { running: Promise<void>; queued?: Promise<void> }

const resolved = Promise.resolve()

/**
 * The history's requests: requests are shared, answers kept 30 s per account and chain, and a
 * failure blocks requests for 30 s, as balances do: ten components (or ten clicks) asking at
 * once make one request, and a failing service is not hammered. Answers go into the half's
 * memory, which the list shows.
 */
export function createHistoryRequests(
  context: LazyContext,
  { $entries, $outcomes, $pending }: HistoryMemory,
  { $isSupported, connection, toast }: HistoryShell,
) {
  const { clock, logger } = context
  const api = createHistoryApi(context.api.blockchain)
  // Plain first-page reads and next pages, by key; forced reads apart (see forcedRead).
  const inflight = new Map<string, Promise<void>>()
  const forcedFlights = new Map<string, ForcedFlight>()
  let generation = 0
  let blockedUntil = Number.NEGATIVE_INFINITY

  /** The active account and its chain (its CAIP-10 address is the two joined). */
  function target(): Target | undefined {
    const { caipAddress, address, chainId } = connection.$connection.get()
    if (!$isSupported.get() || !caipAddress || !address || !chainId) return undefined
    return { caipAddress, address, networkId: chainId }
  }

  function setOutcome(caipAddress: string, outcome: HistoryOutcome) {
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
            transactions: visibleTransactions(unique(page.data), networkId),
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
              transactions: visibleTransactions(
                unique([...base.transactions, ...page.data]),
                networkId,
              ),
              next: page.next,
            },
          })
        },
      ),
    )
  }

  return { loadFirstPage, fetchNextPage }
}

/** Pages can overlap when transactions arrive between two requests: each id is shown once. */
function unique(transactions: readonly Transaction[]): Transaction[] {
  const seen = new Set<string>()
  return transactions.filter((transaction) => {
    if (seen.has(transaction.id)) return false
    seen.add(transaction.id)
    return true
  })
}
