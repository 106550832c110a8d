import type { AsyncState, AsyncStatus, PorticoError } from '@portico/core'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'

/** A query hook's result: the async state and a way to ask again. */
export type QueryResult<T> = AsyncState<T> & {
  /** Asks again, skipping caches. */
  refetch(): Promise<unknown>
}

/** The async shape of a store that keeps only where it is (and maybe why it failed). */
export const asyncState = <T>(
  status: AsyncStatus,
  data?: T,
  error?: PorticoError,
): AsyncState<T> => ({ status, data, error, isPending: status === 'pending' })

const IDLE = asyncState<never>('idle')

/**
 * The async shape of calls no store follows, kept by the component: the last call's state (a call
 * superseded by a newer one or a reset no longer writes it), `run(task)`, and back to idle.
 */
export function useAsyncCall<R>(): [
  AsyncState<R>,
  (task: () => Promise<R>) => Promise<R>,
  () => void,
] {
  const [state, setState] = useState<AsyncState<R>>(IDLE)
  const last = useRef(0)
  const run = useCallback((task: () => Promise<R>) => {
    const mine = ++last.current
    const set = (next: (previous: AsyncState<R>) => AsyncState<R>) => {
      if (mine === last.current) setState(next)
    }
    set((previous) => asyncState('pending', previous.data))
    return task().then(
      (data) => {
        set(() => asyncState('success', data))
        return data
      },
      (error: PorticoError) => {
        set((previous) => asyncState('error', previous.data, error))
        throw error
      },
    )
  }, [])
  const reset = useCallback(() => {
    last.current++
    setState(IDLE)
  }, [])
  return [state, run, reset]
}

/**
 * A query kept by the component: it runs when `key` changes (and not while it is undefined: the
 * state is then idle), keeps the last result while the next is pending, and `refetch` runs it
 * again. Only the latest run writes the state.
 */
export function useQuery<T>(key: string | undefined, task: () => Promise<T>): QueryResult<T> {
  const [state, run, reset] = useAsyncCall<T>()
  const latest = useRef(task)
  latest.current = task
  useEffect(() => {
    if (key === undefined) {
      reset()
      return
    }
    run(() => latest.current()).catch(() => undefined)
  }, [key, run, reset])
  const refetch = useCallback(
    () => (key === undefined ? Promise.resolve(undefined) : run(() => latest.current())),
    [key, run],
  )
  return useMemo(() => ({ ...state, refetch }), [state, refetch])
}

/** A stable key of plain values, bigints included (as `123n`). */
export function keyOf(value: unknown): string {
  return JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? `${v}n` : v))
}
