import type { AsyncState } from '@portico/core'

/** A query hook's result: the async state and a way to ask again. */
export type QueryResult<T> = AsyncState<T> & {
  /** Asks again, skipping caches. */
  refetch(): Promise<unknown>
}
