import type { ReadableAtom, WritableAtom } from 'nanostores'
import type { AsyncState } from '../kernel/async.js'
import type { ToastFeature } from '../toast/index.js'
import type { Transaction } from './api.js'

/** One account and chain's loaded list. */
export type HistoryEntry = {
  /**
   * What the list shows, as the pages came: each transaction once, only this chain's, spam-only
   * transactions and pending ones beyond the limit left out (filtered as they arrive, so the
   * page's first load carries none of the rules).
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

/** The history's stores (in its shell) that its requests (loaded on first use) write. */
export type HistoryStores = {
  /** By CAIP address (account and chain). */
  $entries: WritableAtom<Readonly<Record<string, HistoryEntry>>>
  $outcomes: WritableAtom<Readonly<Record<string, HistoryOutcome>>>
  /** Requests under way, by CAIP address. */
  $pending: WritableAtom<Readonly<Record<string, number>>>
  $isSupported: ReadableAtom<boolean>
  $caipAddress: ReadableAtom<string | undefined>
  toast: Pick<ToastFeature, 'showError'>
  /** How long a loaded list is shown again without a request. */
  cacheMs: number
  /** After a failed request, how long nothing is asked for. */
  retryBlockMs: number
}
