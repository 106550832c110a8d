import type { ReadableAtom, WritableAtom } from 'nanostores'
import type { ConnectionInternal } from '../connection/index.js'
import type { AsyncState } from '../kernel/async.js'
import type { ToastFeature } from '../toast/index.js'
import type { Transaction } from './api.js'

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
export type HistoryEntry = {
  /**
   * What the list shows, as the pages came: each transaction once, only this chain's, spam-only
   * transactions and pending ones beyond the limit left out (filtered as they arrive).
   */
  transactions: readonly Transaction[]
  next: string | null
  /** When the first page was answered: the age of the 30 s memory. */
  loadedAt: number
  /** The request the first page came from; an older request's answer never replaces it. */
  generation: number
}

/** How the last request for an account and chain ended, and which request that was. */
export type HistoryOutcome = Pick<AsyncState<unknown>, 'status' | 'error'> & {
  generation: number
}

/** The heavy half's memory of every account and chain it read (by CAIP address). */
export type HistoryMemory = {
  $entries: WritableAtom<Readonly<Record<string, HistoryEntry>>>
  $outcomes: WritableAtom<Readonly<Record<string, HistoryOutcome>>>
  /** Requests under way. */
  $pending: WritableAtom<Readonly<Record<string, number>>>
}

/** What the shell hands its heavy half (`lazy.ts`). */
export type HistoryShell = {
  /** The stores the half writes: what the list shows, and whether a next page exists. */
  stores: {
    $history: WritableAtom<AsyncState<readonly Transaction[]>>
    $hasMore: WritableAtom<boolean>
  }
  $isSupported: ReadableAtom<boolean>
  connection: ConnectionInternal
  toast: Pick<ToastFeature, 'showError'>
}

/** The heavy half: the requests, their sharing, and the lists read. */
export type HistoryHalf = {
  /** Reads the first page unless the 30 s memory has it (`force` skips the memory). */
  refresh(force: boolean): Promise<void>
  fetchNextPage(): Promise<void>
  /** Reads the first page for each account the wallet connects, until stopped. */
  follow(): () => void
}
